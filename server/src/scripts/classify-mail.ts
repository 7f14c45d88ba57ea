/**
 * npm run classify:mail -- <file.eml | folder>… [--as gmail|outlook]
 * Prints one JSON line per message: file, kind, cause, permanent, status, recipient (and the
 * sentence that decided it), classified by the sync's own code path.
 */
import { readFileSync } from "node:fs";
import { classifyRaw, mailFiles, providerArg } from "./mail-corpus";

async function main() {
  const args = process.argv.slice(2);
  const provider = providerArg(args);
  if (args.length === 0) {
    console.error("usage: npm run classify:mail -- <file.eml | folder>… [--as gmail|outlook]");
    process.exit(2);
  }
  for (const file of mailFiles(args)) {
    const verdict = await classifyRaw(readFileSync(file), provider).catch((error: Error) => ({
      error: error.message,
    }));
    if ("error" in verdict) {
      console.log(JSON.stringify({ file, error: verdict.error }));
      continue;
    }
    const { kind, cause, permanent, status, recipient, sentence } = verdict;
    console.log(JSON.stringify({ file, kind, cause, permanent, status, recipient, sentence }));
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
