import { shortSchool } from "../../../contacts";
import { isRecruiterTitle, styleFor, type WriteInput, type WrittenEmail } from "../types";
import type { Facts, Pick } from "./facts";
import { achievementLines, assemble, closingOf, introOf, warmOpening } from "./paragraphs";
import { sentence } from "./phrases";

/** One format's writer: the facts read once (facts.ts), a stable chooser, the click's variant. */
export type FormatWriter = (
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
) => WrittenEmail;

/** What the message types (referral, informational, coffee chat, thank-you, fair) share. */
export interface MessageParts {
  /** The warm signal's opening, when there is one. */
  opening: string | null;
  /** Who the student is, in one sentence. */
  intro: string;
  /** The same after a warm opening: the school or major it named is not said twice. */
  introAfterOpening: string;
  /** The achievement that speaks most to the reader, and the one beside it (by variant). */
  lead: string | undefined;
  second: string | undefined;
  area: string;
  school: string | null;
  recruiter: boolean;
}

export function messagePartsOf(
  f: Facts,
  pick: Pick,
  variant: number,
  introduced = true,
): MessageParts {
  const opening = warmOpening(f, pick);
  const [lead, second] = achievementLines(f, pick, 2, variant, introduced);
  return {
    opening,
    intro: sentence(introOf(f, pick)),
    introAfterOpening: sentence(introOf(f, pick, opening ? (f.warm?.kind ?? null) : null)),
    lead,
    second,
    area: f.area,
    school: f.school ? shortSchool(f.school) : null,
    recruiter: isRecruiterTitle(f.title),
  };
}

/** The email of a message type: greeting, paragraphs, the closing of this variant, signature. */
export function emailOf(
  input: WriteInput,
  f: Facts,
  variant: number,
  subject: string,
  paragraphs: Array<string | null>,
): WrittenEmail {
  return {
    subject,
    body: assemble(f, paragraphs, closingOf(variant)),
    format_used: styleFor(input),
    writer: "offline",
  };
}
