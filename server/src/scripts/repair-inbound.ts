/**
 * The one-time repair of issue 33: every stored inbound message is read again from its mailbox,
 * classified with today's code and what its old verdict caused is corrected (see
 * modules/emails/repair-inbound.ts). Resumable and safe to run again:
 *   npm run repair:inbound
 * Uses DATABASE_URL when set, else the PGlite data directory (stop the server first).
 */
import path from "node:path";
import { loadConfig } from "../config";
import { repairInboundVerdicts } from "../modules/emails";
import { createRuntime } from "../runtime";

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig({
  ...process.env,
  DATA_DIR: path.resolve(invokedFrom, process.env.DATA_DIR ?? "./data"),
  RUN_WORKERS: "false",
});
const runtime = await createRuntime(config, { work: false });
try {
  await repairInboundVerdicts(runtime.deps, (line) => console.log(line));
} finally {
  await runtime.stop();
}
