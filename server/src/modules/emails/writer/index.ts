import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import type { DbOrTx } from "../../../db/client";
import { profiles, users } from "../../../db/schema";
import { countLlmFallback, llmFailureOf, llmFor } from "../../../integrations/llm";
import { findLatestResumeText, loadResumeFacts } from "../../resumes";
import { createLlmWriter } from "./llm";
import { createOfflineWriter } from "./offline";
import type { EmailWriter, WriteInput, WrittenEmail } from "./types";

export type { EmailWriter, WriteInput, WrittenEmail } from "./types";
export { styleFor } from "./types";

/**
 * The configured writer: the LLM (integrations/llm.ts) when LLM_BASE_URL/LLM_API_KEY are set,
 * falling back to the offline writer on any failure. A fallback is loud: the email carries
 * `fallback_reason`, the log gets a warning (the reason and the model, never the key or the
 * text) and /api/health counts it. Without an LLM the offline writer answers alone.
 */
export function createEmailWriter(
  config: Pick<Config, "llm">,
  log?: Pick<FastifyBaseLogger, "warn">,
): EmailWriter {
  const offline = createOfflineWriter();
  const client = llmFor(config);
  if (!client) return offline;
  const llm = createLlmWriter(client);
  const fellBack = (error: unknown, email: WrittenEmail): WrittenEmail => {
    const failure = llmFailureOf(error);
    countLlmFallback();
    log?.warn(
      { reason: failure.reason, model: client.model, detail: failure.message },
      "LLM writer failed; the offline writer answered",
    );
    return { ...email, fallback_reason: failure.reason };
  };
  return {
    async write(input) {
      try {
        return await llm.write(input);
      } catch (error) {
        return fellBack(error, await offline.write(input));
      }
    },
    async stream(input, onDelta) {
      try {
        return await llm.stream(input, onDelta);
      } catch (error) {
        // Whatever was streamed is replaced: the offline email streams from its first word.
        return fellBack(error, await offline.stream(input, onDelta));
      }
    },
  };
}

/** The sender's side of an email: full name, profile fields, the resume's text and facts. */
export async function loadSender(db: DbOrTx, userId: string): Promise<WriteInput["sender"]> {
  const [[user], [profile], resume, facts] = await Promise.all([
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select({
        university: profiles.university,
        major: profiles.major,
        graduationYear: profiles.graduationYear,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    findLatestResumeText(db, userId),
    loadResumeFacts(db, userId),
  ]);
  return {
    name: user?.name?.trim() || null,
    email: user?.email ?? null,
    university: profile?.university ?? null,
    major: profile?.major ?? null,
    graduationYear: profile?.graduationYear ?? null,
    resumeText: resume,
    facts,
  };
}
