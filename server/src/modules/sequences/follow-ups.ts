import {
  givenNameOf,
  type NetworkContact,
  type ResumeFacts as StructuredFacts,
} from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { emailMessages, type SequenceStep, sequences } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { FollowUpWriter, WriteInput, WrittenFollowUp } from "../emails";
import { createFollowUpWriter, loadSender } from "../emails";
import { parseResumeFacts } from "../resumes";

export interface FollowUpContext {
  senderName: string;
  resume: StructuredFacts;
}

type FollowUpContact = Pick<NetworkContact, "first_name" | "full_name" | "company">;

/** One follow-up to write: the step at `position` (1-based) after the given first email. */
export interface FollowUpToWrite {
  context: FollowUpContext;
  contact: FollowUpContact;
  steps: SequenceStep[];
  position: number;
  firstEmail: { subject: string; body: string };
}

/**
 * Follow-ups written side by side: enough to keep a bulk enrolment short, few enough not to
 * trip an LLM provider's rate limit (a 429 falls back to the offline writer).
 */
export const WRITING_CONCURRENCY = 4;
/**
 * How long one request may spend writing follow-ups with the LLM. Past it the offline writer
 * writes the rest (reason "timeout"): enrolling 500 contacts never waits on 1,000 LLM calls.
 */
export const WRITING_BUDGET_MS = 45_000;

/**
 * What every follow-up of one student needs, read once per request. The name is the student's
 * own (profile, Google or resume), never one guessed from the email address: without it the
 * follow-up is signed without a name, as the first email is. The resume facts carry the
 * student's corrections.
 */
export function followUpContext(sender: WriteInput["sender"]): FollowUpContext {
  return {
    senderName: sender.name?.trim() ?? "",
    resume: sender.facts ?? parseResumeFacts(sender.resumeText),
  };
}

/** The configured follow-up writer: the LLM when set up, the offline writer as its fallback. */
export const followUpWriterFor = (deps: AppDeps, log?: Pick<FastifyBaseLogger, "warn">) =>
  createFollowUpWriter(deps.config, log);

/** The text of one follow-up, by the LLM before `deadline` (epoch ms) or the offline writer. */
export function writeFollowUpFor(
  writer: FollowUpWriter,
  followUp: FollowUpToWrite,
  deadline?: number,
): Promise<WrittenFollowUp> {
  const { context, contact, steps, position, firstEmail } = followUp;
  return writer.write(
    {
      kind: steps[position - 1]?.email_format ?? "bump",
      position,
      angle: steps.slice(0, position - 1).filter((s) => s.email_format === "new_angle").length,
      firstName:
        givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }) || "there",
      company: contact.company,
      senderName: context.senderName,
      firstEmail,
      resume: context.resume,
    },
    deadline === undefined ? undefined : { deadline },
  );
}

/**
 * Writes many follow-ups, at most WRITING_CONCURRENCY at a time and within `budgetMs`, in the
 * order given. Call it before a transaction, never inside one: an LLM call can take seconds.
 */
export async function writeFollowUps(
  writer: FollowUpWriter,
  followUps: FollowUpToWrite[],
  budgetMs = WRITING_BUDGET_MS,
): Promise<WrittenFollowUp[]> {
  const deadline = Date.now() + budgetMs;
  const written: WrittenFollowUp[] = new Array(followUps.length);
  let next = 0;
  const work = async () => {
    while (next < followUps.length) {
      const i = next++;
      written[i] = await writeFollowUpFor(writer, followUps[i], deadline);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITING_CONCURRENCY, followUps.length) }, work));
  return written;
}

/**
 * A follow-up left to write when due, written now from the enrolment's first email and the
 * student's current resume; null when the first email or the sequence is gone.
 */
export async function writeDueFollowUp(
  deps: AppDeps,
  enrollment: { userId: string; firstEmailId: string; sequenceId: string },
  contact: FollowUpContact,
  position: number,
): Promise<string | null> {
  const db = deps.database.db;
  const [[first], [sequence], sender] = await Promise.all([
    db.select().from(emailMessages).where(eq(emailMessages.id, enrollment.firstEmailId)),
    db.select().from(sequences).where(eq(sequences.id, enrollment.sequenceId)),
    loadSender(db, enrollment.userId),
  ]);
  if (!first || !sequence) return null;
  const written = await writeFollowUpFor(followUpWriterFor(deps), {
    context: followUpContext(sender),
    contact,
    steps: sequence.steps,
    position,
    firstEmail: { subject: first.subject, body: first.body },
  });
  return written.body;
}
