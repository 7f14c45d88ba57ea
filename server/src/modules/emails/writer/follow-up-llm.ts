import { z } from "zod";
import { type LlmClient, LlmError } from "../../../integrations/llm";
import {
  followUpSubject,
  newFactFor,
  type SequenceFollowUpInput,
  type SequenceFollowUpKind,
} from "./follow-up";
import type { WrittenFollowUp } from "./types";

const SYSTEM = `You write follow-up emails for university students who emailed someone about a job or advice and have not heard back yet.
The follow-up is sent as a reply in the first email's thread, without quoting it, so it refers to it ("my earlier note", "my last email", never "below") and never repeats it: do not copy or paraphrase its sentences and do not introduce the sender again.
Write in the first person as the sender: warm, brief, respectful of the recipient's time, never pushy and never guilt-tripping.
Use only the facts given: never invent employers, numbers, projects, news, meetings, replies or mutual contacts.
Plain text only: no markdown, no placeholders in brackets or braces, no links. Do not mention an attachment: the resume went with the first email.
Greet the recipient by first name. Sign with the sender's name when it is given; when it is null, end with the closing alone (for example "Best,").`;

/** Words each kind of follow-up may have: what the prompt asks, and a little slack in the check. */
const WORDS: Record<SequenceFollowUpKind, { ask: [number, number]; allowed: [number, number] }> = {
  bump: { ask: [40, 90], allowed: [20, 120] },
  new_angle: { ask: [60, 130], allowed: [35, 170] },
  close: { ask: [40, 100], allowed: [20, 130] },
};

const KIND_RULES: Record<SequenceFollowUpKind, string> = {
  bump: "Kind BUMP: a short, friendly nudge that brings the first email back to the top of their inbox and repeats the ask in one easy line (a one-line reply or a 10-minute call). No new facts.",
  new_angle:
    "Kind NEW ANGLE: add the one fact given as new_fact (the first email did not mention it; keep its numbers exactly) and say in one sentence why it matters for the recipient's company or work; then a light ask. When new_fact is null, give a new reason for writing instead, without new facts.",
  close:
    "Kind CLOSE: a last, gracious note. Say this is the last follow-up, leave the door open, and make it easy to answer: a pointer to someone better placed is welcome. No new facts, no guilt.",
};

const LlmFollowUp = z.object({ body: z.string().trim().min(1).max(2000) });

export function followUpPromptOf(input: SequenceFollowUpInput): string {
  const [min, max] = WORDS[input.kind].ask;
  return [
    `${KIND_RULES[input.kind]} ${min}-${max} words.`,
    'Answer with JSON: {"body": "..."}. The subject is set for you ("Re: " and the first email\'s subject).',
    `Facts (JSON):\n${JSON.stringify(
      {
        follow_up: { number: input.position, kind: input.kind },
        ...(input.kind === "new_angle" ? { new_fact: newFactFor(input) } : {}),
        sender: { name: input.senderName || null, resume: input.resume },
        recipient: { first_name: input.firstName, company: input.company },
        first_email: input.firstEmail,
      },
      null,
      2,
    )}`,
  ].join("\n\n");
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}$%']+/gu) ?? [];

/** Ten words in a row taken from the first email: a follow-up that copies it. */
const COPIED_RUN = 10;
function copiesFirstEmail(body: string, first: string): boolean {
  const runs = new Set<string>();
  const firstWords = wordsOf(first);
  for (let i = 0; i + COPIED_RUN <= firstWords.length; i++) {
    runs.add(firstWords.slice(i, i + COPIED_RUN).join(" "));
  }
  const words = wordsOf(body);
  for (let i = 0; i + COPIED_RUN <= words.length; i++) {
    if (runs.has(words.slice(i, i + COPIED_RUN).join(" "))) return true;
  }
  return false;
}

/** A number the facts and the first email do not have ("a 10-minute call" is the ask, not a fact). */
function inventedNumber(body: string, input: SequenceFollowUpInput): string | null {
  const known = `${JSON.stringify(input.resume)}\n${input.firstEmail.body}\n${input.company ?? ""}`;
  const text = body.replace(/\b\d{1,2}[- ]?(?:minutes?|mins?)\b/gi, "");
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).find((n) => !known.includes(n)) ?? null;
}

/** The model's follow-up, or an invalid_answer LlmError when it breaks a rule a follow-up must keep. */
export function checkedFollowUp(input: SequenceFollowUpInput, raw: unknown): WrittenFollowUp {
  const parsed = LlmFollowUp.safeParse(raw);
  if (!parsed.success) {
    throw new LlmError("invalid_answer", "The AI writer's follow-up was not the JSON asked for");
  }
  const body = parsed.data.body;
  const refuse = (why: string) => {
    throw new LlmError("invalid_answer", `The AI writer's follow-up ${why}`);
  };
  const count = wordsOf(body).length;
  const [min, max] = WORDS[input.kind].allowed;
  if (count < min || count > max) refuse(`had ${count} words, not ${min}-${max}`);
  if (/[[\]{}<>]|\.\.\.|…/.test(body)) refuse("had a placeholder or an ellipsis");
  if (/https?:|www\./i.test(body)) refuse("had a link");
  if (/\battach/i.test(body)) refuse("mentioned an attachment");
  // The first email is not quoted in the follow-up: where it shows depends on the mail app.
  if (/\bbelow\b/i.test(body)) refuse("placed the first email below it");
  const greeting = body.split("\n")[0] ?? "";
  if (input.firstName !== "there" && !greeting.includes(input.firstName)) {
    refuse("did not greet the recipient by name");
  }
  const lines = body.split("\n").filter((line) => line.trim());
  const last = lines.at(-1)?.trim() ?? "";
  if (input.senderName ? !last.endsWith(input.senderName) : !/^[\p{L} ]{2,40}[,.!]$/u.test(last)) {
    refuse(input.senderName ? "was not signed with the student's name" : "was signed with a name");
  }
  if (copiesFirstEmail(body, input.firstEmail.body)) refuse("repeated the first email");
  const number = inventedNumber(body, input);
  if (number) refuse(`had a number the resume does not give (${number})`);
  return { subject: followUpSubject(input.firstEmail.subject), body, writer: "llm" };
}

/** The configured LLM as the writer of a sequence's follow-ups. Throws LlmError on any failure. */
export function createLlmFollowUpWriter(llm: LlmClient) {
  return {
    async write(input: SequenceFollowUpInput, maxWaitMs?: number): Promise<WrittenFollowUp> {
      const content = await llm.complete({
        system: SYSTEM,
        user: followUpPromptOf(input),
        jsonFields: ["body"],
        ...(maxWaitMs ? { maxWaitMs } : {}),
      });
      let raw: unknown;
      try {
        raw = JSON.parse(content);
      } catch {
        throw new LlmError(
          "invalid_answer",
          "The AI writer's follow-up was not the JSON asked for",
        );
      }
      return checkedFollowUp(input, raw);
    },
  };
}
