import OpenAI from "openai";
import { z } from "zod";
import type { Config } from "../../../config";
import { type EmailWriter, styleFor, type WriteInput } from "./types";

const RESUME_CHARS = 6000;

const LlmEmail = z.object({
  subject: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), "subject must be one line"),
  body: z.string().trim().min(80).max(6000),
});

const SYSTEM = `You write cold outreach emails for students and job seekers to people who can hire them.
Write in the first person as the sender. Use only the facts given: never invent employers, numbers, news or mutual contacts.
Plain text only: no markdown, no placeholders in brackets, no links. Greet the recipient by first name and sign with the sender's name.
Mention that the resume is attached. Answer with JSON: {"subject": "...", "body": "..."}.`;

const FORMAT_RULES = {
  original:
    "Format ORIGINAL: warm and personal, 120-180 words. Open with a genuine connection (shared university or interest if given, otherwise the recipient's company and role), mention the company by name, give two concrete achievements from the resume, and ask for a 15-minute conversation.",
  precision:
    "Format PRECISION: short, direct and deal-focused, at most 110 words. One-line intro, then 2-3 bullet lines starting with '- ' giving the most relevant achievements and skills, then a crisp ask for a 10-minute call.",
} as const;

function promptOf(input: WriteInput): string {
  const facts = {
    sender: {
      ...input.sender,
      resumeText: input.sender.resumeText?.slice(0, RESUME_CHARS) ?? null,
    },
    recipient: input.recipient,
    startup: input.startup ?? null,
    custom_intro: input.customIntro?.trim() || null,
  };
  return [
    FORMAT_RULES[input.format],
    input.startup
      ? "The recipient is a startup founder: congratulate them on the funding round named in the facts and offer to help the company grow."
      : "",
    input.customIntro?.trim() ? "Use custom_intro, unchanged, as the opening paragraph." : "",
    `Facts (JSON):\n${JSON.stringify(facts, null, 2)}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server): JSON-schema
 * structured output, parsed with zod. Throws on any failure; the caller falls back.
 */
export function createLlmWriter(llm: NonNullable<Config["llm"]>): EmailWriter {
  const client = new OpenAI({
    baseURL: llm.baseUrl,
    apiKey: llm.apiKey,
    timeout: llm.timeoutMs,
    maxRetries: 0,
  });
  return {
    async write(input) {
      const completion = await client.chat.completions.create(
        {
          model: llm.model,
          temperature: 0.7,
          messages: [
            { role: "system", content: SYSTEM },
            { role: "user", content: promptOf(input) },
          ],
          response_format: {
            type: "json_schema",
            json_schema: {
              name: "outreach_email",
              strict: true,
              schema: {
                type: "object",
                properties: { subject: { type: "string" }, body: { type: "string" } },
                required: ["subject", "body"],
                additionalProperties: false,
              },
            },
          },
        },
        { signal: AbortSignal.timeout(llm.timeoutMs) },
      );
      const content = completion.choices[0]?.message?.content ?? "";
      const email = LlmEmail.parse(JSON.parse(content));
      return { ...email, format_used: styleFor(input), writer: "llm" };
    },
  };
}
