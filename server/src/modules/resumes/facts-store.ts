import type { ResumeFacts, ResumeFactsResponse } from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { resumeFacts } from "../../db/schema";
import { notFound } from "../../http/errors";
import { fillUserName } from "../auth";
import { carryCorrections } from "./carry-corrections";
import { parseResumeFacts } from "./facts";
import { findLatestResumeText } from "./latest";

/**
 * Reads a new resume's facts and stores them; the student's corrections (if any) keep winning
 * wherever the new version still has the entry they corrected (carry-corrections.ts).
 * A user without a name yet gets the resume's name line.
 */
export async function refreshResumeFacts(
  db: DbOrTx,
  userId: string,
  text: string,
): Promise<ResumeFacts> {
  const parsed = parseResumeFacts(text);
  const parsedAt = new Date();
  const [previous] = await db
    .select({ parsed: resumeFacts.parsed, corrections: resumeFacts.corrections })
    .from(resumeFacts)
    .where(eq(resumeFacts.userId, userId));
  // The student's corrections follow the entries they corrected into the new version.
  const corrections = previous?.corrections
    ? carryCorrections(previous.parsed, previous.corrections, parsed)
    : null;
  await db.insert(resumeFacts).values({ userId, parsed, parsedAt }).onConflictDoUpdate({
    target: resumeFacts.userId,
    set: { parsed, parsedAt, corrections },
  });
  await fillUserName(db, userId, parsed.name);
  return parsed;
}

/** GET /api/resumes/facts: the facts the writer uses (corrections win), parsed on first ask. */
export async function getResumeFacts(db: DbOrTx, userId: string): Promise<ResumeFactsResponse> {
  const [row] = await db.select().from(resumeFacts).where(eq(resumeFacts.userId, userId));
  if (row) {
    return {
      facts: row.corrections ?? row.parsed,
      corrected: row.corrections !== null,
      parsed_at: row.parsedAt.toISOString(),
    };
  }
  const text = await findLatestResumeText(db, userId);
  if (text === null) return { facts: null, corrected: false, parsed_at: null };
  const facts = await refreshResumeFacts(db, userId, text);
  return { facts, corrected: false, parsed_at: new Date().toISOString() };
}

/**
 * The facts as stored (corrections win), read only: a resume uploaded before facts were kept
 * is parsed on the fly without writing (list pages call this on every request).
 */
export async function readResumeFacts(db: DbOrTx, userId: string): Promise<ResumeFacts | null> {
  const [row] = await db
    .select({ parsed: resumeFacts.parsed, corrections: resumeFacts.corrections })
    .from(resumeFacts)
    .where(eq(resumeFacts.userId, userId));
  if (row) return row.corrections ?? row.parsed;
  const text = await findLatestResumeText(db, userId);
  return text === null ? null : parseResumeFacts(text);
}

/** The facts the writer and the warm signals use, or null without a resume. */
export async function loadResumeFacts(db: DbOrTx, userId: string): Promise<ResumeFacts | null> {
  return (await getResumeFacts(db, userId)).facts;
}

/** PUT /api/resumes/facts: the student's corrections replace what was read, until cleared. */
export async function correctResumeFacts(
  db: DbOrTx,
  userId: string,
  corrections: ResumeFacts,
): Promise<ResumeFactsResponse> {
  const current = await getResumeFacts(db, userId);
  if (current.facts === null) throw notFound("No resume uploaded yet.");
  await db
    .update(resumeFacts)
    .set({ corrections, correctedAt: new Date() })
    .where(eq(resumeFacts.userId, userId));
  return getResumeFacts(db, userId);
}

/** DELETE /api/resumes/facts/corrections: back to what Reachout read. */
export async function clearResumeCorrections(
  db: DbOrTx,
  userId: string,
): Promise<ResumeFactsResponse> {
  await db
    .update(resumeFacts)
    .set({ corrections: null, correctedAt: null })
    .where(eq(resumeFacts.userId, userId));
  return getResumeFacts(db, userId);
}
