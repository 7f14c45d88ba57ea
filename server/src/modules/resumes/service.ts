import type { ResumeLinkResponse } from "@reachout/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { resumes } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../http/errors";
import { extractResumeText } from "./extract-text";
import { refreshResumeFacts } from "./facts-store";
import { checkResumeFile } from "./file-kind";
import { findLatestResumeRow } from "./latest";
import { checkResumeLink, signResumeLink } from "./links";

export const NO_RESUME = "No resume uploaded yet.";
export const EMPTY_RESUME = "The file is empty. Please choose your resume file.";
const RESUME_NOT_FOUND = "Resume not found.";

export interface StoredResume {
  filename: string;
  mimeType: string;
  data: Buffer;
  text: string;
}

function linkFor(
  config: Config,
  row: { id: string; userId: string; filename: string; createdAt: Date },
): ResumeLinkResponse {
  return {
    resume_url: signResumeLink(config.jwtSecret, row.id, row.userId),
    filename: row.filename,
    uploaded_at: row.createdAt.toISOString(),
  };
}

/**
 * Validates (size, extension and magic bytes), extracts the text and stores the resume.
 * Only the newest resume is kept: older ones are deleted in the same transaction.
 */
export async function uploadResume(
  db: DbOrTx,
  config: Config,
  userId: string,
  file: { filename: string; data: Buffer },
): Promise<ResumeLinkResponse> {
  if (file.data.length === 0) throw badRequest(EMPTY_RESUME);
  const checked = await checkResumeFile(file.filename, file.data);
  const text = await extractResumeText(checked.kind, file.data);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(resumes)
      .values({
        userId,
        filename: checked.filename,
        mimeType: checked.mimeType,
        sizeBytes: file.data.length,
        data: file.data,
        text,
      })
      .returning({
        id: resumes.id,
        userId: resumes.userId,
        filename: resumes.filename,
        createdAt: resumes.createdAt,
      });
    await tx.delete(resumes).where(and(eq(resumes.userId, userId), ne(resumes.id, inserted.id)));
    await refreshResumeFacts(tx, userId, text);
    return inserted;
  });
  return linkFor(config, row);
}

/** A fresh signed link to the user's newest resume; 404 when there is none. */
export async function getLatestResumeLink(
  db: DbOrTx,
  config: Config,
  userId: string,
): Promise<ResumeLinkResponse> {
  const row = await findLatestResumeRow(db, userId, {
    id: resumes.id,
    userId: resumes.userId,
    filename: resumes.filename,
    createdAt: resumes.createdAt,
  });
  if (!row) throw notFound(NO_RESUME);
  return linkFor(config, row);
}

/** Whether the user has uploaded a resume, without loading the file. */
export async function hasResume(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: resumes.id })
    .from(resumes)
    .where(eq(resumes.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** The user's newest resume with its bytes and text (email attachments). */
export async function findLatestResume(db: DbOrTx, userId: string): Promise<StoredResume | null> {
  return findLatestResumeRow(db, userId, {
    filename: resumes.filename,
    mimeType: resumes.mimeType,
    data: resumes.data,
    text: resumes.text,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The file behind a resume link. With a bearer token the caller must own it; otherwise the
 * link's signature must be valid. Unknown, foreign and forged all answer the same 404.
 */
export async function readResumeFile(
  db: DbOrTx,
  config: Config,
  request: {
    resumeId: string;
    viewerId: string | null;
    query: { expires?: string; sig?: string };
  },
): Promise<StoredResume> {
  if (!UUID.test(request.resumeId)) throw notFound(RESUME_NOT_FOUND);
  const [row] = await db
    .select({
      userId: resumes.userId,
      filename: resumes.filename,
      mimeType: resumes.mimeType,
      data: resumes.data,
      text: resumes.text,
    })
    .from(resumes)
    .where(eq(resumes.id, request.resumeId))
    .limit(1);
  if (!row) throw notFound(RESUME_NOT_FOUND);
  if (request.viewerId !== null) {
    if (request.viewerId !== row.userId) throw notFound(RESUME_NOT_FOUND);
  } else {
    const check = checkResumeLink(config.jwtSecret, request.resumeId, row.userId, request.query);
    if (check === "forged") throw notFound(RESUME_NOT_FOUND);
    if (check === "expired") {
      throw new AppError(
        403,
        "This resume link has expired. Open your resume from your account again.",
      );
    }
  }
  return { filename: row.filename, mimeType: row.mimeType, data: row.data, text: row.text };
}
