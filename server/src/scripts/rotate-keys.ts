/**
 * Re-seals every mailbox refresh token under the newest key of TOKEN_ENCRYPTION_KEY (a list,
 * newest first), in batches. Safe to stop and run again: a second run finishes what the first
 * left. Tokens under a key the list no longer holds are reported (count and mailbox ids), never
 * changed, and the command exits with 2.
 *   npm run rotate-keys [-- --batch-size 500]
 * Uses DATABASE_URL when set, else the PGlite data directory (stop the server first).
 */
import path from "node:path";
import { loadConfig } from "../config";
import { openConfiguredDatabase } from "../db/client";
import { rotateMailboxTokenKeys } from "../modules/auth";

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const flag = process.argv.indexOf("--batch-size");
const batchSize = flag > 0 ? Number(process.argv[flag + 1]) : 500;
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error("--batch-size must be a positive whole number");
  process.exit(64);
}
const config = loadConfig({
  ...process.env,
  DATA_DIR: path.resolve(invokedFrom, process.env.DATA_DIR ?? "./data"),
});
const database = await openConfiguredDatabase(config);
try {
  const started = Date.now();
  const newest = config.tokenEncryptionKey.keys[0].id;
  console.log(`re-encrypting mailbox tokens under key ${newest}, ${batchSize} at a time`);
  const result = await rotateMailboxTokenKeys(database.raw, config.tokenEncryptionKey, {
    batchSize,
    onProgress: (done, total) => console.log(`progress ${done}/${total}`),
  });
  console.log(
    `re-encrypted ${result.reEncrypted} mailbox token(s) under key ${result.keyId} in ${Date.now() - started} ms`,
  );
  if (result.unreadable.length > 0) {
    const keys = [...new Set(result.unreadable.map((u) => u.keyId ?? "(no id)"))].join(", ");
    console.error(
      `${result.unreadable.length} mailbox token(s) are sealed under a key TOKEN_ENCRYPTION_KEY does not list (${keys}) and were left unchanged. Add that key back to the list and run again. Mailbox ids (user ids):`,
    );
    for (const { userId, keyId } of result.unreadable)
      console.error(`  ${userId} ${keyId ?? "(no id)"}`);
    process.exitCode = 2;
  }
} finally {
  await database.close();
}
