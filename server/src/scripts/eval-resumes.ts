/**
 * npm run eval:resumes -- <folder> [--misses]: parses every resume in the folder that has a
 * `<name>.truth.json` beside it and prints each field's accuracy, `fields: N/M`, the schools
 * read clean, `invented employers: N` (employers read that the resume does not list) and
 * `wrong-employer achievements: N` (a truth experience's bullet snippets read under another entry).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  EVAL_FIELDS,
  extractResumeText,
  parseResumeFacts,
  ResumeTruth,
  scoreResume,
} from "../modules/resumes";
import { kindOf, resumeFilesOf } from "./resume-files";

const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
const folder = args.find((a) => !a.startsWith("--"));
if (!folder) {
  console.error("usage: npm run eval:resumes -- <folder> [--misses]");
  process.exit(2);
}
const totals = Object.fromEntries(EVAL_FIELDS.map((f) => [f, { right: 0, total: 0 }]));
let invented = 0;
let schoolsRead = 0;
let schoolsClean = 0;
let resumes = 0;
let achievementsChecked = 0;
let wrongEmployer = 0;
for (const file of resumeFilesOf(folder)) {
  const truthFile = file.replace(/\.[^.]+$/, ".truth.json");
  if (!existsSync(truthFile)) continue;
  const truth = ResumeTruth.parse(JSON.parse(readFileSync(truthFile, "utf8")));
  const text = await extractResumeText(kindOf(file), readFileSync(file));
  const score = scoreResume(parseResumeFacts(text), truth);
  resumes++;
  for (const field of EVAL_FIELDS) {
    totals[field].right += score.fields[field].right;
    totals[field].total += score.fields[field].total;
  }
  invented += score.invented.length;
  schoolsRead += score.schoolsRead;
  schoolsClean += score.schoolsClean;
  achievementsChecked += score.achievementsChecked;
  wrongEmployer += score.wrongEmployer.length;
  const trouble = score.misses.length + score.invented.length + score.wrongEmployer.length;
  if (showMisses && trouble > 0) {
    console.log(`--- ${path.basename(file)}`);
    for (const miss of score.misses) console.log(`  ${miss}`);
    for (const employer of score.invented) console.log(`  invented employer: ${employer}`);
    for (const moved of score.wrongEmployer) console.log(`  wrong-employer achievement: ${moved}`);
  }
}
const percent = (right: number, total: number) =>
  total === 0 ? "n/a" : `${((100 * right) / total).toFixed(1)}%`;
console.log(`resumes: ${resumes}`);
for (const field of EVAL_FIELDS) {
  const { right, total } = totals[field];
  console.log(`${field}: ${right}/${total} (${percent(right, total)})`);
}
const right = Object.values(totals).reduce((sum, t) => sum + t.right, 0);
const total = Object.values(totals).reduce((sum, t) => sum + t.total, 0);
console.log(
  `schools clean: ${schoolsClean}/${schoolsRead} (${percent(schoolsClean, schoolsRead)})`,
);
console.log(`fields: ${right}/${total} (${percent(right, total)})`);
console.log(`invented employers: ${invented}`);
console.log(`achievements checked: ${achievementsChecked}`);
console.log(`wrong-employer achievements: ${wrongEmployer}`);
