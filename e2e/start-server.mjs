// Starts the built server in sandbox mode on a fresh embedded database for the e2e run.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, ".tmp", `data-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.PORT ?? "3100";

// E2E_SOURCE=1 runs the server from source (tsx) instead of the bundle, with WEB_DIST naming
// a web build: lets several people run e2e suites at once without sharing one dist folder.
const command = process.env.E2E_SOURCE
  ? [
      path.join(here, "..", "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(here, "..", "server", "src", "main.ts"),
    ]
  : [path.join(here, "..", "server", "dist", "main.js")];
const child = spawn(process.execPath, command, {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SANDBOX: "on",
    LOG_LEVEL: "warn",
    GMAIL_MIN_SPACING_SECONDS: "0",
    // A sequence's "1 minute" lasts 10 s here, and due follow-ups are looked for every second,
    // so a sequence can be watched run within a test.
    SEQUENCE_MINUTE_SECONDS: "10",
    SEQUENCE_SWEEP_SECONDS: "1",
    RATE_LIMIT_MAX: "5000",
    AUTH_RATE_LIMIT_MAX: "500",
    ADMIN_EMAILS: "admin@reachout.example",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
