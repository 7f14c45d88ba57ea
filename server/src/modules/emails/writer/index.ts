import { CareerGoal, type WriterFallbackReason } from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import type { DbOrTx } from "../../../db/client";
import { profiles, users } from "../../../db/schema";
import {
  countLlmFallback,
  type LlmClient,
  LlmError,
  llmFailureOf,
  llmFor,
} from "../../../integrations/llm";
import { findLatestResumeText, getResumeFacts } from "../../resumes";
import { type SequenceFollowUpInput, writeSequenceFollowUp } from "./follow-up";
import { createLlmFollowUpWriter } from "./follow-up-llm";
import { currentGoal, degreeOf, inferGoal } from "./goal";
import { createLlmWriter } from "./llm";
import { createOfflineWriter } from "./offline";
import { trustedFacts } from "./trusted";
import type { EmailWriter, FollowUpWriter, WriteInput, WrittenFollowUp } from "./types";

export type { SequenceFollowUpInput } from "./follow-up";
export { currentGoal, inferGoal } from "./goal";
export type {
  EmailWriter,
  FollowUpWriter,
  WriteInput,
  WrittenEmail,
  WrittenFollowUp,
} from "./types";
export { styleFor } from "./types";

/**
 * Falls back loudly: the email carries `fallback_reason`, the log gets a warning (the reason
 * and the model, never the key or the text) and /api/health counts it.
 */
function fallBackLoudly(client: LlmClient, log?: Pick<FastifyBaseLogger, "warn">) {
  return <T extends { fallback_reason?: WriterFallbackReason | null }>(
    error: unknown,
    email: T,
  ): T => {
    const failure = llmFailureOf(error);
    countLlmFallback(failure.reason);
    log?.warn(
      { reason: failure.reason, model: client.model, detail: failure.message },
      "LLM writer failed; the offline writer answered",
    );
    return { ...email, fallback_reason: failure.reason };
  };
}

/**
 * The configured writer: the LLM (integrations/llm.ts) when LLM_BASE_URL/LLM_API_KEY are set,
 * falling back (loudly) to the offline writer on any failure. Without an LLM the offline
 * writer answers alone.
 */
export function createEmailWriter(
  config: Pick<Config, "llm">,
  log?: Pick<FastifyBaseLogger, "warn">,
): EmailWriter {
  const offline = createOfflineWriter();
  const client = llmFor(config);
  if (!client) return offline;
  const llm = createLlmWriter(client);
  const fellBack = fallBackLoudly(client, log);
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

/** An LLM call this close to a follow-up's deadline is not worth starting. */
const MIN_LLM_WAIT_MS = 1000;

/**
 * The writer of a sequence's follow-ups, like createEmailWriter: the LLM when configured, the
 * offline writer (writeSequenceFollowUp) as its loud fallback, or alone without an LLM.
 */
export function createFollowUpWriter(
  config: Pick<Config, "llm">,
  log?: Pick<FastifyBaseLogger, "warn">,
): FollowUpWriter {
  const offline = (input: SequenceFollowUpInput): WrittenFollowUp => ({
    ...writeSequenceFollowUp(input),
    writer: "offline",
  });
  const client = llmFor(config);
  if (!client) return { write: async (input) => offline(input) };
  const llm = createLlmFollowUpWriter(client);
  const fellBack = fallBackLoudly(client, log);
  return {
    async write(input, options) {
      const wait = options?.deadline === undefined ? undefined : options.deadline - Date.now();
      try {
        if (wait !== undefined && wait < MIN_LLM_WAIT_MS) {
          throw new LlmError("timeout", "The time for writing these follow-ups ran out");
        }
        return await llm.write(input, wait);
      } catch (error) {
        return fellBack(error, offline(input));
      }
    },
  };
}

/**
 * The sender's side of an email: full name, profile fields, the resume's text and facts, and
 * the goal every ask follows (the student's, else the one read from the resume and `now`).
 */
export async function loadSender(
  db: DbOrTx,
  userId: string,
  now: Date = new Date(),
): Promise<WriteInput["sender"]> {
  // The facts first: the first read of a resume's facts fills a missing name from its name line
  // (resumes/facts-store.ts), and the name read after it must see that, not race it.
  // What the reader got is gated by shape (trusted.ts); what the student corrected is theirs.
  const stored = await getResumeFacts(db, userId);
  const facts = stored.facts && !stored.corrected ? trustedFacts(stored.facts) : stored.facts;
  const [[user], [profile], resume] = await Promise.all([
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select({
        university: profiles.university,
        major: profiles.major,
        graduationYear: profiles.graduationYear,
        goal: profiles.goal,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    findLatestResumeText(db, userId),
  ]);
  const graduationYear = profile?.graduationYear ?? null;
  const major = profile?.major ?? null;
  const saved = profile?.goal ? CareerGoal.safeParse(profile.goal) : null;
  const goal = saved?.success
    ? currentGoal(saved.data, now, graduationYear ?? degreeOf(facts)?.class_year ?? null)
    : inferGoal(facts, { graduationYear, major, resumeText: resume }, now);
  return {
    name: user?.name?.trim() || null,
    email: user?.email ?? null,
    university: profile?.university ?? null,
    major,
    graduationYear,
    resumeText: resume,
    facts,
    goal,
  };
}
