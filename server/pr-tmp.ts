import { readFileSync } from "node:fs";
import { parseResumeFacts } from "./src/modules/resumes";
for (const f of process.argv.slice(2)) {
  const r = parseResumeFacts(readFileSync(f, "utf8"));
  console.log("==", f.split("/").pop(), "NAME", r.name);
  for (const e of r.education) console.log("  EDU", e.school, "|", e.degree, "|", e.major, "|", e.class_year);
  for (const e of r.experiences) console.log("  EXP", JSON.stringify(e.employer), "|", JSON.stringify(e.role), "|", e.dates, "|", e.bullets.length);
}
