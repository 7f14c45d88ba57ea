// Installs dependencies when they are missing (a fresh clone), so `npm start` just works.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const markers = ["node_modules/fastify", "node_modules/vite", "node_modules/@biomejs/biome"];
if (!markers.every((m) => existsSync(m))) {
  console.log("Installing dependencies (first run)...");
  // `npm install` honours package-lock.json; npm 11's `npm ci` refuses this lockfile because
  // it records only this platform's optional binaries (biome, rollup, esbuild).
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
