/**
 * npm run parse:resume -- <file | folder> [--text]: reads each resume through the upload path
 * (extractResumeText, then parseResumeFacts) and prints one JSON line per resume, `file` and
 * the facts in the contract's shape. --text prints the layout text read from the file instead.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractResumeText, parseResumeFacts } from "../modules/resumes";
import { kindOf, resumeFilesOf } from "./resume-files";

const args = process.argv.slice(2);
const showText = args.includes("--text");
const targets = args.filter((a) => a !== "--text");
if (targets.length === 0) {
  console.error("usage: npm run parse:resume -- <file | folder> [--text]");
  process.exit(2);
}
let failed = 0;
for (const target of targets) {
  for (const file of resumeFilesOf(target)) {
    try {
      const text = await extractResumeText(kindOf(file), readFileSync(file));
      if (showText) console.log(`=== ${path.basename(file)}\n${text}`);
      else console.log(JSON.stringify({ file: path.basename(file), ...parseResumeFacts(text) }));
    } catch (error) {
      failed++;
      console.log(JSON.stringify({ file: path.basename(file), error: String(error) }));
    }
  }
}
process.exit(failed > 0 ? 1 : 0);
