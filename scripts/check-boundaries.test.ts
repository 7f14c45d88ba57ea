import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

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

  it("passes on the project's own tree", () => {
    expect(check(repo)).toEqual({ code: 0, output: "Import boundaries hold.\n" });
  });
});
