// npm test: everything CI checks, in order, stopping at the first failure.
import { execSync } from "node:child_process";

const run = (title, command, env = {}) => {
  console.log(`\n=== ${title} ===`);
  execSync(command, { stdio: "inherit", env: { ...process.env, ...env } });
};

execSync("node scripts/ensure-install.mjs", { stdio: "inherit" });
run("lint (biome, import boundaries)", "npm run lint");
run("typecheck (tsc --noEmit)", "npm run typecheck --workspaces --if-present");
run("unit and API tests on PGlite (vitest)", "npx vitest run", { TEST_DATABASE_URL: "" });
if (process.env.TEST_DATABASE_URL) {
  run("database tests on PostgreSQL (vitest)", "npx vitest run --project server", {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
}
run("build", "npm run build");
run("bundle budget", "node scripts/check-bundle-budget.mjs");
run("end-to-end on PGlite (Playwright, Debian Chromium)", "npm test -w @reachout/e2e");
if (process.env.TEST_DATABASE_URL) {
  // The same suite against PostgreSQL, in a database of its own (the vitest run above creates
  // and drops one database per test file; this one is made fresh here and kept for inspection).
  const e2eUrl = await freshDatabase(process.env.TEST_DATABASE_URL, "reachout_e2e");
  run("end-to-end on PostgreSQL (Playwright, Debian Chromium)", "npm test -w @reachout/e2e", {
    E2E_DATABASE_URL: e2eUrl,
  });
}

/** Drops and creates a database beside the one adminUrl names; answers its URL. */
async function freshDatabase(adminUrl, name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
