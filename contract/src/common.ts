import { z } from "zod";

export const ErrorResponse = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const IdParam = z.object({ id: z.uuid({ message: "Invalid id" }) });
export const MessageResponse = z.object({ message: z.string() });

/** An email address as users type it: trimmed, lowercased, bounded. */
export const EmailAddress = z
  .string()
  .trim()
  .max(254, "Email is too long")
  .pipe(z.email({ message: "Enter a valid email address" }))
  .transform((value) => value.toLowerCase());

/** Single-line text: no CR/LF, so it can never inject a mail header. */
export const SingleLine = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), "Must not contain line breaks");

export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), kind: z.enum(["pglite", "postgres"]) }),
  jobs: z.object({ ok: z.boolean() }),
  mode: z.enum(["sandbox", "live"]),
  version: z.string(),
  /** The LLM since this process started: calls, failures, offline-writer fallbacks, last failure. */
  llm: z.object({
    configured: z.boolean(),
    model: z.string().nullable(),
    calls: z.number().int(),
    failures: z.number().int(),
    fallbacks: z.number().int(),
    last_failure: z.object({ reason: z.string(), at: z.string() }).nullable(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
