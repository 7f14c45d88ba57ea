import type { WarmSignal } from "@reachout/contract";
import { shortSchool } from "../../../contacts";
import { styleFor, type WriteInput, type WrittenEmail } from "../types";

import type { Facts, Pick } from "./facts";
import {
  achievementLines,
  assemble,
  closingOf,
  companyLine,
  goalLine,
  introOf,
  newsLine,
  warmOpening,
} from "./paragraphs";
import { fitting, possessive, sentence } from "./phrases";

export function writeOriginal(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const s = input.startup;
  const style = styleFor(input);

  let connection: string;
  // What a warm opening told the contact already (the school, the major): said once.
  let said: WarmSignal["kind"] | null = null;
  if (input.customIntro?.trim()) connection = input.customIntro.trim();
  else if (s) {
    const raised = s.moneyRaised ? ` and the ${s.moneyRaised} behind it` : "";
    const round = s.fundingType?.trim() || "recent round";
    connection = `Congratulations on ${possessive(f.company)} ${round}${raised}. ${pick(
      "founder-open",
      [
        "Moments like this are when a fast-learning teammate can make a real difference, and I'd love to be that person.",
        "It's exciting to watch a team earn that kind of backing, and it's why I wanted to reach out to you directly.",
        "I've been reading about what you're building, and the round made me want to write to you directly.",
      ],
    )}`;
  } else {
    const warm = warmOpening(f, pick);
    said = warm ? (f.warm?.kind ?? null) : null;
    connection = warm ?? newsLine(input, f, pick, false) ?? companyLine(input, f, pick);
  }
  // With a warm opening, the news (when there is some) still earns its own line.
  const news = !s && !input.customIntro?.trim() && f.warm ? newsLine(input, f, pick, false) : null;

  const about = [sentence(introOf(f, pick, said)), ...achievementLines(f, pick, 2, variant)].join(
    " ",
  );

  let ask: string;
  if (style === "founder") {
    ask = `${goalLine(f)} Would you be open to a quick chat about how I could help ${f.company} as you scale?`;
  } else if (style === "recruiter") {
    ask = pick("ask-rec", [
      `${goalLine(f)} I'd love to be considered at ${f.company}. Would you have 15 minutes in the next couple of weeks to tell me what you look for in candidates?`,
      `${goalLine(f)} Could I ask for 15 minutes of your time to learn how ${f.company} hires${f.studying && f.school ? ` from ${shortSchool(f.school)}` : ""} and how I can put my best application forward?`,
    ]);
  } else {
    ask = pick("ask", [
      `${goalLine(f)} Would you be open to a 15-minute call in the next couple of weeks? I'd love to hear how you got to where you are and what makes someone successful on your team.`,
      `${goalLine(f)} If you have 15 minutes sometime soon, I'd be grateful for your advice and for a sense of what ${f.team ?? "the team"} at ${f.company} values most.`,
    ]);
  }
  const close = pick("close", [
    "I've attached my resume for context. Thank you for considering this; I know your time is valuable.",
    "My resume is attached in case it's helpful. Thanks so much for reading.",
  ]);

  const school = f.school ? shortSchool(f.school) : null;
  const subject = s
    ? fitting(
        `Congrats on the ${s.fundingType?.trim() || "round"}, ${f.first}`,
        `Congrats on the round, ${f.first}`,
      )
    : f.warm?.kind === "school" && school
      ? fitting(
          pick("subject-alum", [
            `${school} ${f.studying ? "student" : "alum"}, curious about your path to ${f.company}`,
            `${school} ${f.studying ? "student" : "alum"} hoping to learn from you, ${f.first}`,
          ]),
          `${school} ${f.studying ? "student" : "alum"}, curious about ${f.company}`,
          `${school} ${f.studying ? "student" : "alum"} reaching out`,
        )
      : fitting(
          pick(`subject${variant % 3}`, [
            f.studying
              ? `${f.major ? `${f.major} student` : "Student"}${school ? ` at ${school}` : ""}, curious about ${f.company}`
              : `Curious about ${f.company}, ${f.first}`,
            `${f.first}, a question about your work at ${f.company}`,
            `Hoping to learn from your path at ${f.company}`,
          ]),
          `A question about ${f.company}, ${f.first}`,
          `A question for you, ${f.first}`,
        );

  // Two structures. A warm opening always leads (it is why this person, of all people, is
  // written to): the news comes before or after who-I-am. Without one: connection first, or
  // who-I-am first.
  const paragraphs =
    variant % 2 === 0
      ? [connection, news, about, ask, close]
      : said
        ? [connection, about, news, ask, close]
        : [about, connection, news, ask, close];
  if (s || input.customIntro?.trim())
    paragraphs.splice(0, paragraphs.length, connection, about, ask, close);
  return {
    subject,
    body: assemble(f, paragraphs, closingOf(variant)),
    format_used: style,
    writer: "offline",
  };
}
