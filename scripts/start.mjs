// npm start: install if needed, build web and server, then run the server (which migrates,
// mounts the sandbox when credentials are absent, seeds demo data once and serves on PORT).
import { execSync, spawn } from "node:child_process";

execSync("node scripts/ensure-install.mjs", { stdio: "inherit" });
// The bundle is always the production one: a shell with NODE_ENV=development would otherwise
// make Vite build (and the server serve) the development React build.
execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });

const child = spawn(process.execPath, ["--enable-source-maps", "server/dist/main.js"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
