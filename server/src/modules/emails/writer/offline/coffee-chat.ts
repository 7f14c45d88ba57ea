import type { WriteInput, WrittenEmail } from "../types";

import type { Facts, Pick } from "./facts";
import { emailOf, messagePartsOf } from "./message";
import { companyLine, goalLine } from "./paragraphs";
import { fitting } from "./phrases";

/** A coffee chat: coffee only in the same city, otherwise a 15-minute call or video chat. */
export function writeCoffeeChat(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const { opening, introAfterOpening, lead, school } = messagePartsOf(f, pick, variant);
  // Coffee only when the student is in the contact's metro too (a shared-location signal);
  // across cities, or when either city is unknown, a 15-minute call or video chat.
  const sameCity =
    (input.recipient.warmSignals ?? []).some((w) => w.kind === "location") ||
    f.warm?.kind === "location";
  const paragraphs = [
    opening ?? companyLine(input, f, pick),
    `${introAfterOpening} ${lead ?? ""}`.trim(),
    `${goalLine(f)} ${
      sameCity
        ? pick("ask-coffee", [
            `Would you be open to a quick coffee${f.city ? ` in ${f.city}` : ""} in the coming weeks? Coffee is on me, and a 15-minute call works just as well if that's easier.`,
            `If you have 20 minutes in the coming weeks, I'd love to buy you a coffee${f.city ? ` somewhere near you in ${f.city}` : ""}, or join a quick call, whichever is easier.`,
          ])
        : pick("ask-call", [
            // Someone who worked there asks no "path into" it (round 26: three years at TCS).
            f.warm?.kind === "employer"
              ? `Would you be open to a 15-minute call or video chat in the coming weeks? I'd love to hear how you see the team's work at ${f.company} now.`
              : `Would you be open to a 15-minute call or video chat in the coming weeks? I'd love to hear how you see the path into ${f.company}.`,
            `If you have 15 minutes in the coming weeks, could we set up a quick video chat? I'd be grateful for your perspective on ${f.company} and my search.`,
          ])
    }`,
    "My resume is attached in case it's useful. Thanks for reading!",
  ];
  const subject = fitting(
    sameCity
      ? pick(`subject-c${variant % 2}`, [
          f.studying
            ? `Coffee chat, ${f.first}? ${school ? `${school} student` : "Student"} interested in ${f.company}`
            : `Coffee chat, ${f.first}? Curious about ${f.company}`,
          `Coffee on me, ${f.first}?`,
        ])
      : pick(`subject-c${variant % 2}`, [
          f.studying
            ? `15-minute chat, ${f.first}? ${school ? `${school} student` : "Student"} interested in ${f.company}`
            : `15-minute chat, ${f.first}? Curious about ${f.company}`,
          `A quick video chat, ${f.first}?`,
        ]),
    sameCity ? `Coffee chat, ${f.first}?` : `15-minute chat, ${f.first}?`,
  );
  return emailOf(input, f, variant, subject, paragraphs);
}
