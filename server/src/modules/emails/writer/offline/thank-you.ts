import { thanksLineOf, thanksSentence } from "../occasion";
import type { WriteInput, WrittenEmail } from "../types";

import { type Facts, type Pick, worksThere } from "./facts";
import { emailOf, messagePartsOf } from "./message";
import { fitting, withArticle } from "./phrases";
import { daysSince, namesToSpell, requestedFollowUp, typedVocabulary } from "./typed";

/**
 * A thank-you note: what happened, in the student's words rephrased to the reader, and how the
 * student's experience carries over.
 */
export function writeThankYou(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  // The note's lead stands without an introduction before it.
  const { intro, lead } = messagePartsOf(f, pick, variant, false);
  const thanks = thanksLineOf(
    input.occasion,
    {
      fullName: input.recipient.fullName,
      firstName: input.recipient.firstName ?? "",
      company: input.recipient.company,
    },
    namesToSpell(input),
    typedVocabulary(input),
  );
  const spokeOfTime = thanks !== null && thanks.kind !== "for";
  // A week or more after the date the student typed, the note owns up to the wait.
  const since = daysSince(input.occasion, input.now ?? new Date());
  const late = since !== null && since >= 7 ? " I'm sorry this note comes a little late." : "";
  // A student who works at the reader's company now is no outsider growing interested in it
  // (round 27: "all the more interested in Meridian" from one of its own associates).
  const inside = worksThere(f);
  const paragraphs = [
    thanks && inside
      ? `${thanksSentence(thanks, false)} I really appreciated ${spokeOfTime ? "it" : "your time"}.${late}`
      : thanks
        ? pick("ty-open-said", [
            // Round 15's readers: "everything you shared about Acme" claimed a talk about the
            // company that the student's line never mentioned.
            `${thanksSentence(thanks, false)} I really appreciated ${spokeOfTime ? "it" : "your time"}, and I'm all the more interested in ${f.company} for it.${late}`,
            `${thanksSentence(thanks, true)} It made me even more excited about ${f.company}.${late}`,
          ])
        : pick("ty-open", [
            `Thank you for taking the time to speak with me. I really appreciated hearing about your work${f.title ? ` as ${withArticle(f.title)}` : ""} at ${f.company}.`,
            `Thank you again for our conversation. Hearing how you approach your work at ${f.company} made me even more excited about the team.`,
          ]),
    lead
      ? `It also made me think about how my own experience would carry over: ${lead.replace(/^([A-Z])/, (c) => c.toLowerCase())}`
      : intro,
    // What the contact asked for is done, not answered with a generic close.
    requestedFollowUp(input.occasion) ??
      pick("ty-close", [
        "I'd love to stay in touch, and please let me know if there is anything I can send you.",
        "I'll keep you posted on how things go, and I hope we can stay in touch.",
      ]),
  ];
  const subject = fitting(
    pick(`subject-t${variant % 2}`, [
      `Thank you, ${f.first}`,
      `Thank you for your time, ${f.first}`,
    ]),
  );
  return emailOf(input, f, variant, subject, paragraphs);
}
