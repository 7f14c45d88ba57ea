// Starts the built server in sandbox mode on a fresh database for the e2e run: embedded PGlite,
// or PostgreSQL when E2E_DATABASE_URL names one.
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
    // Automated sends of one mailbox keep this spacing (bulk-line.spec.ts watches it): short,
    // so the suite's automated sends are not slowed much.
    GMAIL_MIN_SPACING_SECONDS: "2",
    // A sequence's "1 minute" lasts 10 s here, and due follow-ups are looked for every second,
    // so a sequence can be watched run within a test.
    SEQUENCE_MINUTE_SECONDS: "10",
    SEQUENCE_SWEEP_SECONDS: "1",
    RATE_LIMIT_MAX: "5000",
    AUTH_RATE_LIMIT_MAX: "500",
    ADMIN_EMAILS: "admin@reachout.example",
    // E2E_DATABASE_URL runs the suite on PostgreSQL (a database of its own, made fresh by
    // scripts/test.mjs); without it the server uses PGlite in DATA_DIR.
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
