import { givenNameOf } from "@reachout/contract";
import { z } from "zod";
import { type LlmClient, LlmError } from "../../../integrations/llm";
import { parseResumeFacts } from "../../resumes";
import { trustedFacts } from "./trusted";
import { type EmailWriter, styleFor, type WriteInput, type WrittenEmail } from "./types";

const RESUME_CHARS = 6000;

const LlmEmail = z.object({
  subject: z
    .string()
    .trim()
    .min(3)
    .max(69)
    .refine((s) => !/[\r\n]/.test(s), "subject must be one line"),
  body: z.string().trim().min(80).max(6000),
});

const SYSTEM = `You write outreach emails for university students to people who can help them get hired.
Write in the first person as the sender, like a thoughtful student: specific, warm, concise, never generic.
Use only the facts given: never invent employers, numbers, news, meetings or mutual contacts, and never claim interests the resume does not show.
Plain text only: no markdown, no placeholders in brackets or braces, no links. Greet the recipient by first name.
Sign with the sender's name when it is given; when it is null, end with the closing alone.
The subject is one line under 70 characters. Mention that the resume is attached.`;

const FORMAT_RULES: Record<WriteInput["format"], string> = {
  original:
    "Format ORIGINAL (Personalize): warm and personal, 120-190 words. Open with the strongest warm signal if one is given, otherwise with the company news item if given (cite its source and date), otherwise with the recipient's company and role. Give one or two concrete achievements from the resume with their numbers, and ask for a 15-minute conversation.",
  precision:
    "Format PRECISION: short, direct and deal-focused, at most 120 words. One-line intro, then 2-3 lines starting with '- ' giving the most relevant achievements and skills, then a crisp ask for a 10-minute call.",
  referral:
    "Format REFERRAL: 100-180 words. Ask, politely and explicitly, for a referral to the named role at the recipient's company; give one or two achievements that fit it; offer to send a short blurb they can forward.",
  informational:
    "Format INFORMATIONAL: 90-170 words. Ask for a 15-minute informational interview about the recipient's path and work; no job request.",
  coffee_chat:
    "Format COFFEE CHAT: 80-160 words, relaxed. Ask for a short coffee chat (in person if both are in the same city, otherwise a video call).",
  thank_you:
    "Format THANK YOU: 50-140 words. Thank the recipient for a recent conversation or interview, connect it to one achievement, and ask to stay in touch. Do not invent what was discussed.",
  career_fair:
    "Format CAREER FAIR: 70-160 words. Follow up on meeting the recipient at a career fair, remind them who the sender is with one or two achievements, and ask about next steps.",
};

function factsJson(input: WriteInput) {
  const facts = input.sender.facts ?? trustedFacts(parseResumeFacts(input.sender.resumeText));
  return {
    sender: {
      name: input.sender.name,
      university: input.sender.university,
      major: input.sender.major,
      graduation_year: input.sender.graduationYear,
      resume: facts,
      resume_text: facts.experiences.length
        ? null
        : (input.sender.resumeText?.slice(0, RESUME_CHARS) ?? null),
    },
    recipient: input.recipient,
    warm_signal: input.recipient.warmSignals?.[0] ?? null,
    company_news: input.news ?? null,
    referral_role: input.format === "referral" ? (input.role ?? null) : null,
    startup: input.startup ?? null,
    custom_intro: input.customIntro?.trim() || null,
  };
}

export function promptOf(input: WriteInput, shape: "json" | "text"): string {
  return [
    FORMAT_RULES[input.format],
    input.startup
      ? "The recipient is a startup founder: congratulate them on the funding round named in the facts and offer to help the company grow."
      : "",
    input.customIntro?.trim() ? "Use custom_intro, unchanged, as the opening paragraph." : "",
    input.variant
      ? `This is variant ${input.variant}: choose a different opening sentence and structure than the most obvious one; keep the same facts.`
      : "",
    shape === "json"
      ? 'Answer with JSON: {"subject": "...", "body": "..."}.'
      : "Answer in plain text: the first line is 'Subject: ' and the subject, then one empty line, then the body.",
    `Facts (JSON):\n${JSON.stringify(factsJson(input), null, 2)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** The model's email, or an invalid_answer LlmError when it breaks a rule an email must keep. */
export function checkedEmail(
  input: WriteInput,
  raw: { subject: unknown; body: unknown },
): WrittenEmail {
  const parsed = LlmEmail.safeParse(raw);
  if (!parsed.success) {
    throw new LlmError("invalid_answer", "The AI writer's email broke the subject or length rules");
  }
  const { subject, body } = parsed.data;
  const first = givenNameOf(input.recipient);
  if (/[[\]{}]|\.\.\.|…/.test(`${subject}\n${body}`) || (first && !body.includes(first))) {
    throw new LlmError("invalid_answer", "The AI writer's email had a placeholder or no greeting");
  }
  return {
    subject,
    body,
    format_used: styleFor(input),
    writer: "llm",
    ...(input.sender.name ? {} : { sender_name_missing: true }),
  };
}

/** "Subject: Hello\n\nHi Grace, ..." -> its subject and body. */
function splitText(text: string): { subject: string; body: string } {
  const match = /^\s*subject\s*:\s*(.*)\n+([\s\S]*)$/i.exec(text);
  if (!match) throw new LlmError("invalid_answer", "The AI writer's answer had no subject line");
  return { subject: match[1].trim(), body: match[2].trim() };
}

/** The configured LLM as an email writer. Throws LlmError on any failure; the caller falls back. */
export function createLlmWriter(llm: LlmClient): EmailWriter {
  return {
    async write(input) {
      const content = await llm.complete({
        system: SYSTEM,
        user: promptOf(input, "json"),
        jsonFields: ["subject", "body"],
      });
      let raw: { subject: unknown; body: unknown };
      try {
        raw = JSON.parse(content);
      } catch {
        throw new LlmError("invalid_answer", "The AI writer's answer was not the JSON asked for");
      }
      return checkedEmail(input, raw);
    },
    async stream(input, onDelta) {
      // The first line is the subject: it is sent again whole each time it grows (a subject
      // delta replaces the subject shown), so the dialog shows the model's first words rather
      // than waiting for the line's end (a dozen tokens, 300 ms at 40 a second; issue 41); the
      // body streams as it comes.
      let buffer = "";
      let subjectSent = false;
      let subjectShown = "";
      let bodyStarted = false;
      let sent = 0;
      const showSubject = (subject: string) => {
        if (subject === subjectShown) return;
        subjectShown = subject;
        onDelta({ field: "subject", text: subject });
      };
      const text = await llm.stream({ system: SYSTEM, user: promptOf(input, "text") }, (piece) => {
        buffer += piece;
        if (!subjectSent) {
          const match = /^\s*subject\s*:\s*(.*)\n/i.exec(buffer);
          if (!match) {
            const partial = /^\s*subject\s*:\s*(.+)$/i.exec(buffer)?.[1].trim();
            if (partial) showSubject(partial);
            return;
          }
          subjectSent = true;
          showSubject(match[1].trim());
          sent = match[0].length;
        }
        let rest = buffer.slice(sent);
        sent = buffer.length;
        if (!bodyStarted) {
          rest = rest.replace(/^\s+/, "");
          if (!rest) return;
          bodyStarted = true;
        }
        if (rest) onDelta({ field: "body", text: rest });
      });
      return checkedEmail(input, splitText(text));
    },
  };
}
