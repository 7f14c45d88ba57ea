import { pronounsToYou, tidyTyped, toldOf, toRecipient } from "../occasion";
import type { WriteInput, WrittenEmail } from "../types";

import { type Facts, type Pick, worksThere } from "./facts";
import { emailOf, messagePartsOf } from "./message";
import { goalLine } from "./paragraphs";
import { fitting, possessive } from "./phrases";
import {
  daysSince,
  fairParts,
  namesToSpell,
  phraseOf,
  requestedFollowUp,
  topicPhrase,
  typedVocabulary,
} from "./typed";

/**
 * A career-fair follow-up: the fair and what was discussed, as the student told them, never
 * invented.
 */
export function writeCareerFair(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const { intro, lead, second } = messagePartsOf(f, pick, variant);
  const names = namesToSpell(input);
  const vocabulary = typedVocabulary(input);
  const typedFair = fairParts(tidyTyped(input.occasion, names, vocabulary));
  const fair = typedFair.name;
  // What the fair's line says was talked about stands in for a topic not typed of its own.
  // "we talked about my green belt project … and how their interns rotate …": the telling is
  // the note's, the topic what follows it; read with it, a long topic was dropped (round 33).
  const typedTopic = topicPhrase(
    (tidyTyped(input.topic, names) ?? typedFair.discussed)?.replace(
      /^((we|I) )?(talked|spoke|chatted|discussed)( about| abt)?\s+/i,
      "",
    ),
  );
  const said = phraseOf(
    typedTopic
      ? toRecipient(pronounsToYou(typedTopic))
          .replace(/\byou told about\b/i, "you told me about")
          // "him being a former navy ET too": "your being …", no clause "when you being".
          .replace(/^you being\b/i, "your being")
      : null,
    /^((we|I) )?(talked|spoke|chatted|told you) about\s+|^(our conversation )?about\s+/i,
  );
  // "you mentioned your team is hiring": a clause, not a subject to talk "about".
  const youOrWe = said && /^(you|we|I)\s+(?!and\b)[a-z]+/.test(said) ? said : null;
  // "she told about the new grad program": someone's telling, said as what the student
  // heard, never credited to the recipient (round 7).
  const told = said && !youOrWe ? toldOf(said) : null;
  const clause = told && "that" in told ? `hearing that ${told.that}` : youOrWe;
  const topic = clause ? null : told && "about" in told ? told.about : said;
  // The topic is the student's side of the conversation (often their own project): told
  // as what they told the recruiter, never as what the recruiter told them.
  // A topic in the student's own words ("the cost model I built for it") is theirs too: the
  // company follows it as the booth, never as where the student's work was done.
  const own = /^my\b/i.test(topic ?? "") || /\b(I|I'm|I've|me|my|mine)\b/.test(topic ?? "");
  // A student who works at the reader's company now was not told about it (round 27).
  const inside = worksThere(f);
  const talked = clause
    ? `I enjoyed our conversation, especially ${youOrWe ? "when " : ""}${clause}`
    : topic
      ? /^my\b/i.test(topic)
        ? `I enjoyed telling you about ${topic}. Thank you for taking the time to talk with me`
        : own
          ? `I enjoyed our conversation about ${topic}. Thank you for taking the time to talk with me`
          : // "Kearney's procurement work" says the company already: not "… at Kearney" again.
            namesCompany(topic, f.company)
            ? `I enjoyed our conversation about ${topic}`
            : // "… whether co-ops do design work at Teleflex" would place the question there.
              // A booth the student never mentioned is not said (round 12's reader).
              // "RA job after graduation vs going straight into econ consulting" + "at the
              // Federal Reserve Bank of Dallas" placed the consulting there (round 25): a long or
              // two-sided topic is not tied to the company either.
              /\b(whether|how|what|why|vs\.?|versus)\b/i.test(topic) ||
                topic.split(/\s+/).length >= 8 ||
                inside
              ? `I enjoyed our conversation about ${topic}. Thank you for taking the time to ${inside ? "talk with me" : `tell me about ${f.company}`}`
              : `I enjoyed our conversation about ${topic} at ${f.company}`
      : null;
  // Weeks after the fair, the note says it follows up late (round 21: two months on, silent).
  const since = daysSince(fair ?? input.occasion, input.now ?? new Date());
  // Months on, the note reintroduces the student rather than apologising for a fortnight
  // (round 24: a fair of "Fall 2025" followed up fifteen months later as if it were last week).
  const late =
    since === null || since < 14
      ? ""
      : since >= 365
        ? " I know it has been more than a year since then, so I wanted to reintroduce myself."
        : since >= 120
          ? " I know it has been a few months since then, so I wanted to reintroduce myself."
          : " I'm sorry it has taken me a while to follow up.";
  const requested = requestedFollowUp(`${input.occasion ?? ""} ${input.topic ?? ""}`);
  const paragraphs = [
    fair && talked
      ? `It was great meeting you at ${fair}, and ${talked}.${late}`
      : fair
        ? `It was great meeting you at ${fair}, and thank you for taking the time to talk with me${inside ? "" : ` about ${f.company}`}.${late}`
        : talked
          ? `It was great meeting you at the career fair, and ${talked}.`
          : pick("fair-open", [
              `It was great meeting you at the career fair, and thank you for telling me about ${f.company}.`,
              `Thank you for taking the time to talk with me at ${possessive(f.company)} booth at the career fair.`,
            ]),
    `As a quick reminder, ${intro} ${lead ?? ""}`.trim(),
    second ?? null,
    `${goalLine(f)} ${
      requested
        ? `${requested} Would you have 15 minutes for a call about next steps?`
        : pick("fair-ask", [
            `I'd love to be considered at ${f.company}, and I've attached my resume. Would you have 15 minutes for a call to talk about next steps?`,
            `I've attached my resume. Could you point me to the right next step, or would you have 15 minutes for a quick call?`,
          ])
    }`,
  ];
  const short = fair;
  const subject = fitting(
    ...(short
      ? [`Great meeting you at ${short}, ${f.first}`, `Great meeting you at ${short}`]
      : []),
    `Great meeting you at ${eventKindOf(short)}, ${f.first}`,
    `Great meeting you at ${eventKindOf(short)}`,
  );
  return emailOf(input, f, variant, subject, paragraphs);
}

/**
 * What kind of event a long name says, for a short subject: a fair is "the career fair", a
 * networking night is no fair (round 14's readers: "career fair" for a networking night).
 */
export function eventKindOf(name: string | null): string {
  if (!name || /\b(career|job|internship)\s+fair|\bfair\b|\bexpo\b/i.test(name))
    return "the career fair";
  const kind =
    /\b(symposium|conference|summit|convention|info(?:rmation)? session|portfolio review|hackathon|career night)\b/i.exec(
      name,
    )?.[1];
  if (kind) return `the ${kind.toLowerCase()}`;
  return /\b(network|night|mixer|reception|meetup|meet-up)/i.test(name)
    ? "the networking event"
    : "the event";
}

/** Whether a topic names the company ("Hyland's OnBase product" for Hyland Software). */
function namesCompany(topic: string, company: string): boolean {
  const first =
    company
      .replace(/^the\s+/i, "")
      .split(/\s+/)[0]
      ?.replace(/[^A-Za-z0-9&-]/g, "") ?? "";
  return (
    first.length >= 3 && new RegExp(`\\b${first.replace(/[&-]/g, "\\$&")}\\b`, "i").test(topic)
  );
}
