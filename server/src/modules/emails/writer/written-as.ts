import { type Facts, factsOf, graduationWords } from "./offline/facts";
import type { WriteInput } from "./types";

/** Who the student is, as every email will say it: "Computer Science student at Purdue (2028)". */
function whoOf(f: Facts): string {
  const at = f.school ? ` at ${f.school}` : "";
  const when = f.graduation ? ` (${graduationWords(f.graduation)})` : "";
  switch (f.stage) {
    case "graduate_student":
      return `${f.degree ?? "graduate"} student${f.major ? ` in ${f.major}` : ""}${at}${when}`;
    case "recent_graduate":
      return `graduated${f.school ? ` from ${f.school}` : ""}${when}${f.major ? ` in ${f.major}` : ""}`;
    case "career_changer":
    case "experienced": {
      const job = f.lastJob ? `${f.lastJob.role} at ${f.lastJob.employer}` : "experienced";
      return f.movingInto ? `${job}, moving into ${f.movingInto}` : job;
    }
    case "student":
      return f.graduation?.done
        ? `graduated${f.school ? ` from ${f.school}` : ""}${when}`
        : `${f.major ? `${f.major} student` : "student"}${at}${when}`;
  }
}

/**
 * The facts a draft rests on, in one line the dialog shows under it (issue 36): the name,
 * who the student is and what they ask for, as read from the resume and the goal. A misread
 * repeats in every email, so the student sees it before sending, and where to correct it.
 */
export function writtenAsOf(input: WriteInput): string {
  const f = factsOf(input);
  const line = [f.name ?? "no name yet", whoOf(f), `asking for ${f.ask}`].join(" · ");
  return line.length > 400 ? `${line.slice(0, 399)}…` : line;
}
