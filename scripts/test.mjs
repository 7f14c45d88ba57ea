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
run("end-to-end (Playwright, Debian Chromium)", "npm test -w @reachout/e2e");
