/**
 * npm run label:sisimai -w @reachout/server -- --go <go-sisimai/fact> [--p5 <p5-sisimai/t>] --out <labels.tsv>
 *
 * Derives eval:mail labels for sisimai's public corpus (set-of-emails/maildir/bsd) from the
 * expectations its authors publish: go-sisimai's fact/*_test.go (each public sample's reason and
 * HardBounce flag) and p5-sisimai's t/*.t (the Office 365 samples go-sisimai tests under
 * Exchange2007). Writes a TSV: file, label, reason, status, hard. The label is
 *   auto_reply  sisimai's reason "vacation"
 *   delivered   every recipient "delivered" (a success report)
 *   feedback    an ARF complaint ("feedback"): not a bounce, never a reply
 *   bounce_hard any recipient with HardBounce true (no such user or domain, moved, refuses mail)
 *   bounce_soft any other failure
 * The corpus itself stays outside the repository; only this script is committed.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Expected {
  sample: string;
  status: string;
  reason: string;
  hard: boolean;
}

function argOf(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The file prefix a go test names: TestLhostPostfix → lhost-postfix, TestRFC3464 → rfc3464. */
function prefixOf(testName: string, engine: string): string {
  if (testName.startsWith("TestLhost")) return `lhost-${engine.toLowerCase()}`;
  if (testName.startsWith("TestRhost")) return `rhost-${engine.toLowerCase()}`;
  return engine.toLowerCase();
}

/** The public list of one go-sisimai fact test: rows of {"01", 1, "5.1.1", "550", "userunknown", true, ""}. */
function fromGoTest(source: string): Expected[] {
  const test = /func (Test\w+)\(t \*testing\.T\)/.exec(source)?.[1];
  const publicList =
    /publiclist := \[\]\[\]IsExpected\{([\s\S]*?)\};\s*EngineTest\(t,\s*"([^"]+)",\s*publiclist,\s*true\)/.exec(
      source,
    );
  if (!test || !publicList) return [];
  const prefix = prefixOf(test, publicList[2]);
  const rows = publicList[1].matchAll(
    /\{"(\d+)",\s*\d+,\s*"([^"]*)",\s*"[^"]*",\s*"([a-z]+)",\s*(true|false)/g,
  );
  return [...rows].map((row) => ({
    sample: `${prefix}-${row[1]}.eml`,
    status: row[2],
    reason: row[3],
    hard: row[4] === "true",
  }));
}

/** p5-sisimai's expectations: '01' => [['5.1.10', '550', 'userunknown', 1]], of one engine. */
function fromPerlTest(source: string): Expected[] {
  const engine = /my \$enginename = '([^']+)'/.exec(source)?.[1];
  if (!engine) return [];
  const prefix = /require '\.\/t\/600-lhost-code'/.test(source)
    ? `lhost-${engine.toLowerCase()}`
    : `rhost-${engine.toLowerCase()}`;
  const out: Expected[] = [];
  for (const entry of source.matchAll(/'(\d+)'\s*=>\s*\[(.*)\],?\s*$/gm)) {
    for (const row of entry[2].matchAll(/\['([^']*)',\s*'[^']*',\s*'([a-z]+)',\s*([01])/g)) {
      out.push({
        sample: `${prefix}-${entry[1]}.eml`,
        status: row[1],
        reason: row[2],
        hard: row[3] === "1",
      });
    }
  }
  return out;
}

function labelOf(rows: Expected[]): string {
  if (rows.some((r) => r.reason === "vacation")) return "auto_reply";
  if (rows.every((r) => r.reason === "delivered")) return "delivered";
  if (rows.every((r) => r.reason === "feedback")) return "feedback";
  if (rows.some((r) => r.hard)) return "bounce_hard";
  return "bounce_soft";
}

function main() {
  const args = process.argv.slice(2);
  const goDir = argOf(args, "--go");
  const p5Dir = argOf(args, "--p5");
  const out = argOf(args, "--out");
  if (!goDir || !out) {
    console.error(
      "usage: label-sisimai --go <go-sisimai/fact> [--p5 <p5-sisimai/t>] --out <labels.tsv>",
    );
    process.exit(2);
  }
  const expected: Expected[] = [];
  for (const name of readdirSync(goDir).filter((n) => n.endsWith("_test.go"))) {
    expected.push(...fromGoTest(readFileSync(path.join(goDir, name), "utf8")));
  }
  const fromGo = new Set(expected.map((e) => e.sample));
  if (p5Dir) {
    for (const name of readdirSync(p5Dir).filter((n) => /^\d+-(lhost|rhost)-.*\.t$/.test(n))) {
      // Only samples go-sisimai does not already describe (the Office 365 ones).
      const rows = fromPerlTest(readFileSync(path.join(p5Dir, name), "utf8"));
      expected.push(...rows.filter((r) => !fromGo.has(r.sample)));
    }
  }
  const bySample = new Map<string, Expected[]>();
  for (const row of expected) bySample.set(row.sample, [...(bySample.get(row.sample) ?? []), row]);
  const lines = ["file\tlabel\treason\tstatus\thard"];
  for (const [sample, rows] of [...bySample].sort(([a], [b]) => a.localeCompare(b))) {
    const worst = rows.find((r) => r.hard) ?? rows[0];
    lines.push([sample, labelOf(rows), worst.reason, worst.status, String(worst.hard)].join("\t"));
  }
  writeFileSync(out, `${lines.join("\n")}\n`);
  const counts = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const label = line.split("\t")[1];
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  console.log(
    `${lines.length - 1} samples labelled: ${[...counts].map(([l, n]) => `${l} ${n}`).join(", ")}`,
  );
}

main();
