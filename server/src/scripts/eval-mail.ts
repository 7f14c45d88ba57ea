/**
 * npm run eval:mail -- <folder> --labels <tsv> [--as gmail|outlook] [--misses]
 *
 * Classifies every labelled message of the folder through the sync's code path and prints the
 * confusion table (label × kind), then:
 *   recognised: N/M          bounces (bounce_hard, bounce_soft, delay) read as bounce or delay
 *   read as reply: N         messages of any label but `reply` the classifier took for a reply
 *   hard as recipient: N/M   bounce_hard read with cause `recipient`
 *   success as delay: N      `delivered` read as a delay
 *   auto replies: N/M        auto_reply read as auto_reply
 *   replies: N/M             reply read as reply (or opt_out)
 * The TSV has a header line with at least the columns `file` and `label` (bounce_hard,
 * bounce_soft, delay, auto_reply, reply; delivered and feedback are understood too). `--misses`
 * lists each message whose kind or cause disagrees.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { InboundVerdict } from "../modules/deliverability";
import { classifyRaw, fromCaller, providerArg } from "./mail-corpus";

const KINDS = ["bounce", "delay", "delivered", "auto_reply", "reply", "opt_out", "error"] as const;
const BOUNCES = new Set(["bounce_hard", "bounce_soft", "delay"]);

function readLabels(file: string): Map<string, string> {
  const [head, ...rows] = readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
  const columns = head.split("\t");
  const [fileAt, labelAt] = [columns.indexOf("file"), columns.indexOf("label")];
  if (fileAt < 0 || labelAt < 0)
    throw new Error(`${file}: the header needs columns file and label`);
  return new Map(
    rows.map((row) => row.split("\t")).map((cells) => [cells[fileAt], cells[labelAt]]),
  );
}

async function main() {
  const args = process.argv.slice(2);
  const provider = providerArg(args);
  const showMisses = args.includes("--misses");
  const labelsAt = args.indexOf("--labels");
  const folder = args.find((a, i) => !a.startsWith("--") && i !== labelsAt + 1);
  if (!folder || labelsAt < 0 || !args[labelsAt + 1]) {
    console.error(
      "usage: npm run eval:mail -- <folder> --labels <tsv> [--as gmail|outlook] [--misses]",
    );
    process.exit(2);
  }
  const labels = readLabels(fromCaller(args[labelsAt + 1]));
  const results: Array<{ file: string; label: string; verdict: InboundVerdict | null }> = [];
  let absent = 0;
  for (const [file, label] of labels) {
    const full = path.join(fromCaller(folder), file);
    if (!existsSync(full)) {
      absent++;
      continue;
    }
    const verdict = await classifyRaw(readFileSync(full), provider).catch(() => null);
    results.push({ file, label, verdict });
  }
  const kindOf = (v: InboundVerdict | null) => v?.kind ?? "error";
  const labelNames = [...new Set(results.map((r) => r.label))].sort();
  const width = 12;
  const pad = (s: string | number) => String(s).padStart(width);
  console.log(
    `provider: ${provider}; ${results.length} labelled messages (${absent} labels without a file)`,
  );
  console.log(`${"label \\ kind".padEnd(width)}${KINDS.map(pad).join("")}`);
  for (const label of labelNames) {
    const row = results.filter((r) => r.label === label);
    console.log(
      `${label.padEnd(width)}${KINDS.map((k) => pad(row.filter((r) => kindOf(r.verdict) === k).length)).join("")}`,
    );
  }
  const bounces = results.filter((r) => BOUNCES.has(r.label));
  const recognised = bounces.filter((r) => ["bounce", "delay"].includes(kindOf(r.verdict)));
  const asReply = results.filter((r) => r.label !== "reply" && kindOf(r.verdict) === "reply");
  const hard = results.filter((r) => r.label === "bounce_hard");
  const hardAsRecipient = hard.filter((r) => r.verdict?.cause === "recipient");
  const softAsRecipient = results.filter(
    (r) => r.label === "bounce_soft" && r.verdict?.cause === "recipient",
  );
  const successAsDelay = results.filter(
    (r) => r.label === "delivered" && kindOf(r.verdict) === "delay",
  );
  const auto = results.filter((r) => r.label === "auto_reply");
  const replies = results.filter((r) => r.label === "reply");
  const pct = (n: number, m: number) => (m ? ` (${((100 * n) / m).toFixed(1)}%)` : "");
  console.log(
    `recognised: ${recognised.length}/${bounces.length}${pct(recognised.length, bounces.length)}`,
  );
  console.log(`read as reply: ${asReply.length}`);
  console.log(
    `hard as recipient: ${hardAsRecipient.length}/${hard.length}${pct(hardAsRecipient.length, hard.length)}`,
  );
  console.log(
    `soft as recipient: ${softAsRecipient.length}/${results.filter((r) => r.label === "bounce_soft").length}`,
  );
  console.log(`success as delay: ${successAsDelay.length}`);
  console.log(
    `auto replies: ${auto.filter((r) => kindOf(r.verdict) === "auto_reply").length}/${auto.length}`,
  );
  console.log(
    `replies: ${replies.filter((r) => ["reply", "opt_out"].includes(kindOf(r.verdict))).length}/${replies.length}`,
  );
  if (showMisses) {
    const expectedKind: Record<string, string[]> = {
      bounce_hard: ["bounce", "delay"],
      bounce_soft: ["bounce", "delay"],
      delay: ["delay", "bounce"],
      auto_reply: ["auto_reply"],
      reply: ["reply", "opt_out"],
      delivered: ["delivered"],
      feedback: ["bounce", "opt_out"],
    };
    for (const r of results) {
      const kind = kindOf(r.verdict);
      const kindMiss = !(expectedKind[r.label] ?? []).includes(kind);
      const causeMiss = r.label === "bounce_hard" && r.verdict?.cause !== "recipient";
      if (kindMiss || causeMiss) {
        console.log(
          `MISS ${r.file}\t${r.label}\t${kind}\t${r.verdict?.cause}\t${r.verdict?.status}\t${r.verdict?.recipient}\t${(r.verdict?.sentence ?? "").slice(0, 140)}`,
        );
      }
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
