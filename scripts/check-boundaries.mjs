// The import rules of docs/architecture.md, checked on every import of the tree (part of
// `npm run lint`). Each rule names the layer an import leaves and the one it may not enter.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[\s;(])import\s*\(?\s*["']([^"']+)["']/g;
const isTest = (file) => /\.test\.tsx?$|\.spec\.tsx?$/.test(file) || file.includes("/tests/");

/** Server layers below the modules: none of them may import a module (or anything above). */
const LOWER_SERVER = ["lib", "db", "integrations", "http", "jobs"];
/** Where a module's other modules (and the rest of the server) may import it: its public file. */
const PUBLIC_FILES = new Set(["index.ts"]);
/** The composition files that mount every module's routes and jobs. */
const COMPOSITION = new Set(["server/src/modules/index.ts", "server/src/modules/jobs.ts"]);

function listFiles(dir, root, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) listFiles(full, root, out);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path.relative(root, full));
  }
  return out;
}

function resolveImport(root, from, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = path.join(path.dirname(path.join(root, from)), specifier);
  const candidates = [
    base,
    ...[".ts", ".tsx", ".mjs", ".js"].map((ext) => base + ext),
    ...["index.ts", "index.tsx"].map((index) => path.join(base, index)),
  ];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return path
    .relative(root, found ?? base)
    .split(path.sep)
    .join("/");
}

const moduleOf = (file) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const featureOf = (file) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const serverLayerOf = (file) => /^server\/src\/([^/]+)\//.exec(file)?.[1];

/** The rule an import from `from` to `to` breaks, or null. Both are repo-relative paths. */
export function ruleBroken(from, to) {
  if (from.startsWith("server/src/") && !isTest(from) && to.startsWith("server/tests/")) {
    return "server code must not import tests (put shared test data in server/tests/)";
  }
  if (from.startsWith("web/src/") && !isTest(from) && /^web\/(tests|src\/test)\//.test(to)) {
    return "web code must not import test helpers";
  }
  const fromLayer = serverLayerOf(from);
  if (from.startsWith("server/src/") && LOWER_SERVER.includes(fromLayer)) {
    if (to.startsWith("server/src/modules/") || to.startsWith("server/src/seed/")) {
      return `server/src/${fromLayer} is below the modules and must not import them`;
    }
  }
  const toModule = moduleOf(to);
  if (toModule && moduleOf(from) !== toModule && !isTest(from) && from.startsWith("server/")) {
    const inside = to.slice(`server/src/modules/${toModule}/`.length);
    const composing = COMPOSITION.has(from) && /^(routes|jobs)\.ts$/.test(inside);
    if (!PUBLIC_FILES.has(inside) && !composing) {
      return `import the ${toModule} module through server/src/modules/${toModule}/index.ts, not its internals`;
    }
  }
  const fromFeature = featureOf(from);
  const toFeature = featureOf(to);
  if (fromFeature && toFeature && fromFeature !== toFeature && !isTest(from)) {
    return `web feature ${fromFeature} must not import feature ${toFeature} (move the shared part down into web/src/lib or web/src/components)`;
  }
  if (/^web\/src\/(lib|components)\//.test(from) && /^web\/src\/(features|app)\//.test(to)) {
    return "web/src/lib and web/src/components are below the features and the app";
  }
  if (fromFeature && to.startsWith("web/src/app/")) {
    return "a web feature must not import web/src/app (the app imports the features)";
  }
  return null;
}

/** Every broken rule of the tree under `root`: `file:line: message`. */
export function checkBoundaries(root) {
  const problems = [];
  const files = ["server/src", "server/tests", "web/src"]
    .filter((dir) => existsSync(path.join(root, dir)))
    .flatMap((dir) => listFiles(path.join(root, dir), root));
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(root, file, match[1] ?? match[2]);
      const broken = target && ruleBroken(file, target);
      if (broken) {
        const line = text.slice(0, match.index).split("\n").length;
        problems.push(`${file}:${line}: ${broken} (imports ${target})`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkBoundaries(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} import(s) break the boundaries of docs/architecture.md.`);
    process.exit(1);
  }
  console.log("Import boundaries hold.");
}
