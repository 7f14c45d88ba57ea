// The import rules of docs/architecture.md, checked on every import of the tree (part of
// `npm run lint`). Each rule names the layer an import leaves and the one it may not enter.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[\s;(])import\s*\(?\s*["']([^"']+)["']/g;
const isTest = (file) => /\.test\.tsx?$|\.spec\.tsx?$/.test(file) || file.includes("/tests/");

/**
 * The workspace packages from the bottom: a package imports only packages of a lower rank
 * (docs/architecture.md, "Packages"). Same rank means neither imports the other.
 */
export const PACKAGE_RANKS = [["contract"], ["sandbox"], ["server", "web"], ["e2e"], ["bench"]];

/**
 * The server modules from the bottom (docs/architecture.md, "Module order"): a module imports
 * only modules of a lower rank, so the modules' graph has no cycle.
 */
export const MODULE_RANKS = [
  ["credits", "events", "system-email", "company-facts", "health"],
  ["auth", "public", "billing"],
  ["resumes", "deliverability"],
  ["contacts"],
  ["emails", "agent"],
  ["sequences", "applications", "profile", "startups"],
  ["insights", "onboarding"],
];

const rankIn = (ranks, name) => ranks.findIndex((names) => names.includes(name));

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
  // A workspace package by name stands for the package's folder (its files are not needed).
  const named = /^@reachout\/([^/]+)/.exec(specifier);
  if (named) return `${named[1]}/`;
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

const packageOf = (file) => file.split("/")[0];
const moduleOf = (file) => /^server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
const featureOf = (file) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const serverLayerOf = (file) => /^server\/src\/([^/]+)\//.exec(file)?.[1];

/** The package order broken by an import across packages, or null. */
function packageRuleBroken(from, to) {
  const fromPackage = packageOf(from);
  const toPackage = packageOf(to);
  const fromRank = rankIn(PACKAGE_RANKS, fromPackage);
  const toRank = rankIn(PACKAGE_RANKS, toPackage);
  if (fromPackage === toPackage || fromRank < 0 || toRank < 0 || toRank < fromRank) return null;
  return `package ${fromPackage} must not import package ${toPackage} (it is not below it in docs/architecture.md)`;
}

/** The module order broken by an import between two server modules, or null. */
function moduleRankBroken(from, to) {
  const fromModule = moduleOf(from);
  const toModule = moduleOf(to);
  if (!fromModule || !toModule || fromModule === toModule || isTest(from)) return null;
  const fromRank = rankIn(MODULE_RANKS, fromModule);
  const toRank = rankIn(MODULE_RANKS, toModule);
  if (fromRank < 0)
    return `module ${fromModule} has no rank in the module order of docs/architecture.md`;
  if (toRank < 0)
    return `module ${toModule} has no rank in the module order of docs/architecture.md`;
  if (toRank < fromRank) return null;
  return `module ${fromModule} (rank ${fromRank}) must not import module ${toModule} (rank ${toRank}): a module imports only lower ones`;
}

/** The rule an import from `from` to `to` breaks, or null. Both are repo-relative paths. */
export function ruleBroken(from, to) {
  const upward = packageRuleBroken(from, to) ?? moduleRankBroken(from, to);
  if (upward) return upward;
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
  if (/^bench\/src\//.test(from) && /^bench\/[^/]+$/.test(to)) {
    return "bench/src is below the bench entry points (bench/*.ts) and must not import them";
  }
  if (/^e2e\/[^/]+$/.test(from) && to.startsWith("e2e/tests/")) {
    return "the e2e set-up files (e2e/*.ts) are below the specs and must not import e2e/tests";
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

/**
 * The unit a file belongs to for the cycle rule: its server module, its web feature, or else
 * its folder. Files of one unit may import each other both ways; units may not.
 */
function unitOf(file) {
  const module = moduleOf(file);
  if (module) return `server/src/modules/${module}`;
  const feature = featureOf(file);
  if (feature) return `web/src/features/${feature}`;
  return path.posix.dirname(file);
}

/** The strongly connected groups of files (Tarjan) with more than one file. */
function cyclesOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file), index.get(to)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** Every package's source folder the check reads. */
const PACKAGE_DIRS = ["contract", "sandbox", "server", "web", "e2e", "bench"];

/** Every broken rule of the tree under `root`: `file:line: message`. */
export function checkBoundaries(root) {
  const problems = [];
  const edges = new Map();
  const files = PACKAGE_DIRS.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    listFiles(path.join(root, dir), root),
  );
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(root, file, match[1] ?? match[2]);
      if (!target) continue;
      targets.add(target);
      const broken = ruleBroken(file, target);
      if (broken) {
        const line = text.slice(0, match.index).split("\n").length;
        problems.push(`${file}:${line}: ${broken} (imports ${target})`);
      }
    }
    if (!isTest(file)) edges.set(file, targets);
  }
  for (const group of cyclesOf(edges)) {
    const units = new Set(group.map(unitOf));
    if (units.size < 2) continue;
    problems.push(
      `${group[0]}: a cycle of ${group.length} files across ${[...units].join(", ")} (${group.join(", ")}); invert one import (see docs/architecture.md)`,
    );
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
