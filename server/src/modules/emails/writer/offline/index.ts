import type { WriterFormat } from "@reachout/contract";
import type { EmailWriter, WriteInput, WrittenEmail } from "../types";
import { writeCareerFair } from "./career-fair";
import { writeCoffeeChat } from "./coffee-chat";
import { chooser, factsOf } from "./facts";
import { writeInformational } from "./informational";
import type { FormatWriter } from "./message";
import { writeOriginal } from "./original";
import { writePrecision } from "./precision";
import { writeReferral } from "./referral";
import { writeThankYou } from "./thank-you";

/** One writer per format, each in a file of its own. */
const WRITERS: Record<WriterFormat, FormatWriter> = {
  original: writeOriginal,
  precision: writePrecision,
  referral: writeReferral,
  informational: writeInformational,
  coffee_chat: writeCoffeeChat,
  thank_you: writeThankYou,
  career_fair: writeCareerFair,
};

/** Writes a complete, personal email from the facts alone: no network, always available. */
export function writeOffline(input: WriteInput): WrittenEmail {
  const f = factsOf(input);
  const variant = input.variant ?? 0;
  const pick = chooser(
    [input.recipient.fullName, input.recipient.company, input.format, f.name, variant].join("|"),
  );
  const email = WRITERS[input.format](input, f, pick, variant);
  return f.name ? email : { ...email, sender_name_missing: true };
}

/** Splits a written email into the pieces the stream sends, a few words at a time. */
export function* deltasOf(email: { subject: string; body: string }) {
  yield { field: "subject" as const, text: email.subject };
  const words = email.body.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < words.length; i += 6) {
    yield { field: "body" as const, text: words.slice(i, i + 6).join("") };
  }
}

export function createOfflineWriter(): EmailWriter {
  return {
    async write(input) {
      return writeOffline(input);
    },
    async stream(input, onDelta) {
      const email = writeOffline(input);
      for (const delta of deltasOf(email)) onDelta(delta);
      return email;
    },
  };
}
