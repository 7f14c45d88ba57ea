// npm test: everything CI checks, in order, stopping at the first failure.
import { execSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const run = (title, command, env = {}) => {
  console.log(`\n=== ${title} ===`);
  execSync(command, { stdio: "inherit", env: { ...process.env, ...env } });
};

execSync("node scripts/ensure-install.mjs", { stdio: "inherit" });
run("lint (biome, import boundaries)", "npm run lint");
run("typecheck (tsc --noEmit)", "npm run typecheck --workspaces --if-present");
run("unit and API tests on PGlite (vitest)", "npx vitest run", { TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) {
  // Only the files that open a database run again: the rest (the writer's every-variant
  // checks, the classifier, parsers) answer the same on either. The fault tests go one file at
  // a time: they start and kill worker processes and take the database away under load, and
  // two of them side by side on two cores starve each other.
  const files = databaseTestFiles();
  const faults = files.filter((file) => file.startsWith("server/tests/faults/"));
  const rest = files.filter((file) => !faults.includes(file));
  const env = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL };
  run(
    "database tests on PostgreSQL (vitest)",
    `npx vitest run --project server ${rest.join(" ")}`,
    env,
  );
  run(
    "fault tests on PostgreSQL (vitest, one file at a time)",
    `npx vitest run --project server --maxWorkers=1 ${faults.join(" ")}`,
    env,
  );
}
run("build", "npm run build");
run("bundle budget", "node scripts/check-bundle-budget.mjs");
if (process.env.TEST_DATABASE_URL) {
  // The built bundle as a release runs it (issue 39): npm run migrate on a fresh database, a
  // worker and two web processes with NODE_ENV=production, the stand-ins in a process of their
  // own; sign-up to reply, a SIGTERM under load, /metrics. About 20 s.
  run(
    "production smoke run (built bundle on PostgreSQL, vitest)",
    "npx vitest run --project server server/tests/smoke/production.test.ts",
    { SMOKE_DATABASE_URL: process.env.TEST_DATABASE_URL },
  );
}
if (process.env.TEST_DATABASE_URL) {
  // The same suite on PGlite and on PostgreSQL (a database of its own, made fresh here and kept
  // for inspection), side by side: each pass is one browser after the other against its own
  // server and port, and mostly waits, so together they take little longer than one.
  // Imported here, after ensure-install: it needs pg.
  const { freshDatabase } = await import("./fresh-database.mjs");
  const e2eUrl = await freshDatabase(process.env.TEST_DATABASE_URL, "reachout_e2e");
  console.log("\n=== end-to-end on PGlite and on PostgreSQL (Playwright, Debian Chromium) ===");
  const passes = await Promise.all([
    pass("pglite", { E2E_PORT: "3100" }),
    pass("postgres", { E2E_PORT: "3101", E2E_DATABASE_URL: e2eUrl }),
  ]);
  const failed = passes.filter((pass) => pass.code !== 0);
  for (const { name, code } of failed) console.error(`end-to-end on ${name} failed (exit ${code})`);
  if (failed.length > 0) process.exit(1);
} else {
  run("end-to-end on PGlite (Playwright, Debian Chromium)", "npm test -w @reachout/e2e");
}

/** One e2e pass, its output lines prefixed with its name; answers its exit code. */
function pass(name, env) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["test", "-w", "@reachout/e2e"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream.on("end", () => rest && console.log(`[${name}] ${rest}`));
    }
    child.on("exit", (code) => resolve({ name, code: code ?? 1 }));
  });
}

/**
 * The server's test files that open a database: they take a fresh one from server/tests/helpers
 * (or read TEST_DATABASE_URL themselves), so they are the ones whose answer can differ on
 * PostgreSQL.
 */
function databaseTestFiles() {
  const opensDatabase = /tests\/helpers|from "\.{1,2}\/helpers"|TEST_DATABASE_URL/;
  return ["server/src", "server/tests"]
    .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => path.join(dir, file)))
    .filter((file) => file.endsWith(".test.ts"))
    .filter((file) => opensDatabase.test(readFileSync(file, "utf8")))
    .sort();
}
