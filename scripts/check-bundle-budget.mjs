// The JavaScript a first visit to `/` downloads must stay within 150 KB gzip: sizes are
// deterministic, so the budget is a test. Counts the entry chunk, the landing route's chunk (when
// it is not part of the entry) and everything they import statically, read from Vite's build
// manifest.
// Usage: node scripts/check-bundle-budget.mjs [dist folder, default web/dist]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = 150 * 1024;
const LANDING_ROUTE = "src/features/landing/pages/landing-page.tsx";
const dist = process.argv[2] ?? "web/dist";
const manifestPath = path.join(dist, ".vite", "manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build the web app first (build.manifest is on).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
if (!manifest["index.html"]) {
  console.error("The manifest has no entry chunk (index.html).");
  process.exit(1);
}
visit("index.html");
visit(LANDING_ROUTE);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
console.log(`initial JavaScript for /: ${(total / 1024).toFixed(1)} KB gzip (budget 150 KB)`);
if (total > BUDGET) {
  console.error("Over budget.");
  process.exit(1);
}
