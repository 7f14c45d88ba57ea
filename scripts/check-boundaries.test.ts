import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { MODULE_RANKS, PACKAGE_RANKS } from "./check-boundaries.mjs";

const script = fileURLToPath(new URL("./check-boundaries.mjs", import.meta.url));
const repo = path.resolve(path.dirname(script), "..");
let root = "";

/** A throwaway tree holding exactly the given files. */
function plant(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), "boundaries-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** Runs the check as `npm run lint` does: its exit code and what it printed. */
function check(dir: string): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync("node", [script, dir], { encoding: "utf8" }) };
  } catch (error) {
    const failed = error as { status: number; stderr: string };
    return { code: failed.status, output: failed.stderr };
  }
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = "";
});

describe("the import boundaries check", () => {
  it("fails on a web feature importing another feature", () => {
    const result = check(
      plant({
        "web/src/features/billing/api/plans.ts": "export const plans = [];\n",
        "web/src/features/account/page.tsx": 'import { plans } from "../billing/api/plans";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "web/src/features/account/page.tsx:1: web feature account must not import feature billing",
    );
  });

  it("fails on lower server layers importing a module, and on src importing tests", () => {
    const result = check(
      plant({
        "server/src/modules/emails/index.ts": "export const send = 1;\n",
        "server/src/integrations/gmail.ts": 'import { send } from "../modules/emails";\n',
        "server/src/http/auth.ts": 'export { send } from "../modules/emails/index";\n',
        "server/src/db/client.ts": 'const lazy = () => import("../modules/emails");\n',
        "server/tests/helpers.ts": "export const helper = 1;\n",
        "server/src/modules/emails/support.ts":
          'import { helper } from "../../../tests/helpers";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain("server/src/integrations/gmail.ts:1: server/src/integrations");
    expect(result.output).toContain("server/src/http/auth.ts:1: server/src/http");
    expect(result.output).toContain("server/src/db/client.ts:1: server/src/db");
    expect(result.output).toContain("server/src/modules/emails/support.ts:1: server code must not");
  });

  it("fails on a module reaching into another module's internals, not its index", () => {
    const result = check(
      plant({
        "server/src/modules/contacts/index.ts": 'export { saveContact } from "./network";\n',
        "server/src/modules/contacts/network.ts": "export const saveContact = 1;\n",
        "server/src/modules/agent/search.ts": 'import { saveContact } from "../contacts";\n',
        "server/src/modules/agent/jobs.ts": 'import { saveContact } from "../contacts/network";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "server/src/modules/agent/jobs.ts:1: import the contacts module through server/src/modules/contacts/index.ts",
    );
    expect(result.output).not.toContain("agent/search.ts");
  });

  it("fails on web lib or components importing a feature", () => {
    const result = check(
      plant({
        "web/src/features/agent/api/positions.ts": "export const positions = 1;\n",
        "web/src/lib/use-positions.ts":
          'import { positions } from "../features/agent/api/positions";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain("web/src/lib/use-positions.ts:1: web/src/lib and");
  });

  it("fails on a cycle of files across two modules, though each import goes through an index", () => {
    const result = check(
      plant({
        "server/src/modules/credits/index.ts": 'export { spend } from "./spend";\n',
        "server/src/modules/credits/spend.ts":
          'import { onSpend } from "../events";\nexport const spend = onSpend;\n',
        "server/src/modules/events/index.ts":
          'import { spend } from "../credits";\nexport const onSpend = spend;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "server/src/modules/credits/index.ts: a cycle of 3 files across server/src/modules/credits, server/src/modules/events",
    );
  });

  it("lets files of one module import each other both ways", () => {
    const result = check(
      plant({
        "server/src/modules/emails/index.ts": 'export { a } from "./a";\n',
        "server/src/modules/emails/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "server/src/modules/emails/b.ts": 'import type { a } from "./a";\nexport const b = 1;\n',
      }),
    );
    expect(result).toEqual({ code: 0, output: "Import boundaries hold.\n" });
  });

  it("fails on a module importing a higher one, and on a module with no rank", () => {
    const result = check(
      plant({
        "server/src/modules/sequences/index.ts": "export const stop = 1;\n",
        "server/src/modules/deliverability/inbound.ts": 'import { stop } from "../sequences";\n',
        "server/src/modules/newcomer/index.ts": 'import { stop } from "../sequences";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "server/src/modules/deliverability/inbound.ts:1: module deliverability (rank 2) must not import module sequences (rank 5)",
    );
    expect(result.output).toContain(
      "server/src/modules/newcomer/index.ts:1: module newcomer has no rank in the module order",
    );
  });

  it.each([
    ["contract", "contract/src/index.ts", 'import { sandbox } from "@reachout/sandbox";\n'],
    ["sandbox", "sandbox/src/gmail.ts", 'import { config } from "../../server/src/config";\n'],
    ["server", "server/src/config.ts", 'import { page } from "../../web/src/main";\n'],
    ["web", "web/src/main.ts", 'import { chromium } from "../../e2e/chromium";\n'],
    ["e2e", "e2e/chromium.ts", 'import { run } from "../bench/run";\n'],
  ])("fails on an upward import out of package %s", (name, file, text) => {
    const result = check(plant({ [file]: text }));
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${file}:1: package ${name} must not import package`);
  });

  it("fails on an upward import inside bench and inside e2e", () => {
    const result = check(
      plant({
        "bench/run.ts": "export const run = 1;\n",
        "bench/src/load.ts": 'import { run } from "../run";\n',
        "e2e/tests/auth.spec.ts": "export const login = 1;\n",
        "e2e/chromium.ts": 'import { login } from "./tests/auth.spec";\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "bench/src/load.ts:1: bench/src is below the bench entry points",
    );
    expect(result.output).toContain("e2e/chromium.ts:1: the e2e set-up files");
  });

  it("ranks what docs/architecture.md ranks, every module included", () => {
    const doc = readFileSync(path.join(repo, "docs/architecture.md"), "utf8");
    const documented = (heading: string) =>
      [
        ...doc
          .split(`### ${heading}`)[1]
          .split("\n#")[0]
          .matchAll(/^\| (\d+) \| (.+) \|$/gm),
      ].map((row) => row[2].split(", ").map((name) => name.replaceAll("`", "")));
    expect(documented("Module order")).toEqual(MODULE_RANKS);
    expect(documented("Package order")).toEqual(PACKAGE_RANKS);
    const modules = readdirSync(path.join(repo, "server/src/modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(MODULE_RANKS.flat().sort()).toEqual(modules.sort());
  });

  it("passes on the project's own tree", () => {
    expect(check(repo)).toEqual({ code: 0, output: "Import boundaries hold.\n" });
  });
});
