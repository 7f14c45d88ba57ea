import { shortSchool } from "../../../contacts";
import type { WriteInput, WrittenEmail } from "../types";

import type { Facts, Pick } from "./facts";
import { assemble, introOf, toldTraining, warmLine } from "./paragraphs";
import { fitting, list, sentence, upperFirst, withArticle } from "./phrases";

export function writePrecision(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const s = input.startup;
  const area = f.area;
  const yy = f.year ? ` '${String(f.year).slice(-2)}` : "";
  const intro = input.customIntro?.trim()
    ? input.customIntro.trim()
    : s
      ? `${s.moneyRaised ? `With ${s.moneyRaised} ` : "With your "}${s.fundingType?.trim() || "new round"} closed, ${f.company} is likely hiring fast. I want to help you move faster, starting now.`
      : pick("p-intro", [
          // "I'd like to bring my finance skills to PIMCO" oversold a sophomore teller (round 19);
          // "… is at the top of my list" ranked a company the student never ranked (round 23).
          // "I'd love to learn at Loyola Medicine" read as missing a word (round 24).
          area
            ? `I'll be brief: I'm looking for ${f.ask}, and I'd love to learn ${area} at ${f.company}.`
            : `I'll be brief: I'm looking for ${f.ask}, and I'd love to learn from the team at ${f.company}.`,
          `Short version: I'm looking for ${f.ask}, and I'd be glad to be considered at ${f.company}.`,
        ]);
  // Up to three achievements, one per employer or project first; with fewer employers, a second
  // achievement of one (round 10: a teacher's list held one line, her other measured work unsaid).
  const chosen = f.achievements.slice(0, 3);
  for (const a of f.more) {
    if (chosen.length >= 3) break;
    if (!chosen.some((c) => c.clause === a.clause)) chosen.push(a);
  }
  // Points of one job or project stand together, in the order their first one came.
  const firstAt = (where: string) => chosen.findIndex((c) => c.where === where);
  chosen.sort((a, b) => firstAt(a.where) - firstAt(b.where));
  // A second point of the same job or project goes under the first, without its name again.
  const points = chosen.map((a, i) =>
    i > 0 && a.where && a.where === chosen[i - 1]?.where
      ? `- ${upperFirst(a.clause)}`
      : a.where
        ? `- ${a.where}${a.role ? ` (${bare(a.role)})` : ""}: ${a.clause}`
        : a.role
          ? `- ${bare(a.role)}: ${a.clause}`
          : // Work the resume names no place or title for is told as it is, under no label
            // ("Experience: compared 3 alternatives …", round 30).
            `- ${a.clause[0].toUpperCase()}${a.clause.slice(1)}`,
  );
  if (f.published) points.push(`- ${f.published.point}`);
  const training = toldTraining(f);
  if (training) {
    const name = training.name.replace(/^the /, "");
    points.push(`- Training: ${name}${training.year ? ` (${training.year})` : ""}`);
  }
  // A student with little work yet lists the courses that prepared them (round 10: "What I
  // bring: - I'm Jordan …" for a second-year with coursework and field skills).
  if (chosen.length < 2 && f.coursework.length) {
    points.push(`- Coursework: ${list(f.coursework.slice(0, 4))}`);
  }
  if (f.skills.length) points.push(`- Toolkit: ${list(f.skills.slice(0, 4))}`);
  if (points.length === 0) points.push(`- ${sentence(introOf(f, pick))}`);
  const warm = f.warm || f.coauthor ? `${warmLine(f)} ` : "";
  const subject = s
    ? fitting(`${f.company} after the ${s.fundingType?.trim() || "raise"}: ready to help`)
    : fitting(
        pick(`subject-p${variant % 2}`, [
          f.studying
            ? `${f.major ?? "Student"}${f.school ? ` @ ${shortSchool(f.school)}` : ""}${yy}: 10 minutes, ${f.first}?`
            : `10 minutes, ${f.first}? About ${f.company}`,
          // Round 13's readers: "A question about …" promised a question the email never asks.
          f.studying
            ? `10 minutes, ${f.first}? ${upperFirst(withArticle(f.major ? `${f.major} student` : "student"))} interested in ${f.company}`
            : `10 minutes, ${f.first}?`,
        ]),
        `10 minutes, ${f.first}?`,
      );
  const lead = introOf(f, pick, f.warm?.kind ?? null);
  const body = assemble(
    f,
    [
      `${warm}${sentence(lead)} ${intro}`,
      `What I bring:\n${points.join("\n")}`,
      // By variant, as the closing elsewhere: the next click never asks the same way.
      [
        "Do you have 10 minutes this week or next? My resume is attached.",
        // Asked of people senior to the student: a short call when it suits them, not "this week".
        "If a short call suits you sometime soon, I'd be grateful for 10 minutes. Resume attached.",
      ][variant % 2],
    ],
    "Thanks",
  );
  return { subject, body, format_used: "precision_finance", writer: "offline" };
}

/** A title without its notes in brackets: "Summer Research Fellow (full-time)" → "Summer Research Fellow". */
const bare = (role: string) => role.replace(/\s*\([^)]*\)/g, "").trim() || role;
