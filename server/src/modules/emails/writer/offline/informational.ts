import type { WriteInput, WrittenEmail } from "../types";

import type { Facts, Pick } from "./facts";
import { emailOf, messagePartsOf } from "./message";
import { companyLine, newsLine } from "./paragraphs";
import { asTitle, fitting, inTeam } from "./phrases";

/**
 * An informational interview: 15 minutes of the reader's advice, opened by a warm signal, the
 * company's news or a plain reason.
 */
export function writeInformational(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const { opening, introAfterOpening, lead, area, school, recruiter } = messagePartsOf(
    f,
    pick,
    variant,
  );
  const paragraphs = [
    opening ?? newsLine(input, f, pick) ?? companyLine(input, f, pick),
    `${introAfterOpening} ${lead ?? ""}`.trim(),
    // To someone at the student's own former employer: what has changed and how to come back,
    // not "what your day-to-day looks like" there (round 21's readers).
    f.warm?.kind === "employer" && !f.warmJob?.current
      ? `Would you have 15 minutes for an informational interview in the next couple of weeks? I'd love to hear how the team has changed since I was there and what ${f.company} looks for in ${f.studying ? "students who want to come back" : "people who want to come back"}.`
      : pick("ask-info", [
          recruiter
            ? `Would you have 15 minutes for an informational interview in the next couple of weeks? I'd love to hear what ${f.company} looks for in ${f.studying ? "student candidates" : "candidates"} and how its hiring process works.`
            : `Would you have 15 minutes for an informational interview in the next couple of weeks? I'd love to ask how you got into your role${asTitle(f.title)} and what you wish you had known ${f.studying ? "as a student" : "when you started"}.`,
          `Could I ask for a 15-minute informational interview, at whatever time suits you? I'm especially curious about what your day-to-day looks like ${f.team ? `${inTeam(f.team)} at` : "at"} ${f.company}${area ? ` and how someone interested in ${area} can prepare` : ""}.`,
        ]),
    "I've attached my resume for context. Thank you for considering it.",
  ];
  const subject = fitting(
    pick(`subject-i${variant % 2}`, [
      `15-minute informational interview, ${f.first}?`,
      f.studying
        ? `${school ? `${school} student` : "Student"} asking for 15 minutes of advice`
        : `15 minutes of your advice, ${f.first}?`,
    ]),
    `15 minutes of advice, ${f.first}?`,
  );
  return emailOf(input, f, variant, subject, paragraphs);
}
