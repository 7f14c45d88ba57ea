import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { ResumeLinkResponse } from "@reachout/contract/profile";
import { ApiError, api } from "../../../lib/api";

const ALLOWED_EXTENSIONS = [".pdf", ".doc", ".docx"];

/** The spec's client checks (§5) before any upload: type, then size. Null when the file is fine. */
export function resumeFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!ALLOWED_EXTENSIONS.some((ext) => name.endsWith(ext))) return MESSAGES.resume.invalidType;
  if (file.size >= LIMITS.resumeMaxBytes) return MESSAGES.resume.tooLargeClient;
  return null;
}

class UploadTimeout extends Error {}

/** The message the user sees for a failed upload, by cause (docs/product.md §8). */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadTimeout) return MESSAGES.resume.timeout;
  if (error instanceof ApiError) {
    // A refused file: the server says why (a damaged or password-protected PDF is a 422, a
    // PDF that is really something else a 415), which helps more than a generic message.
    if ([400, 415, 422].includes(error.status)) return error.detail ?? MESSAGES.resume.invalid;
    if (error.status === 401) return MESSAGES.resume.auth;
    if (error.status === 413) return MESSAGES.resume.tooLarge;
    if (error.status >= 500) return MESSAGES.resume.server;
    return MESSAGES.resume.failed;
  }
  if (error instanceof TypeError) return MESSAGES.resume.network;
  return MESSAGES.resume.failed;
}

/**
 * Only failures another attempt can fix are retried: time-outs, network errors and 5xx.
 * A refused file (4xx) would be refused again.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof UploadTimeout || error instanceof TypeError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

async function uploadOnce(file: File): Promise<ResumeLinkResponse> {
  const schemas = await import("@reachout/contract/profile");
  const body = new FormData();
  body.append("resume", file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.resumeTimeoutMs);
  try {
    // The schema requires resume_url: an answer without it counts as a failure.
    return await api("/api/resumes/upload", {
      method: "POST",
      body,
      schema: schemas.ResumeLinkResponse,
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new UploadTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface UploadOptions {
  /** Told before each retry: the attempt that failed (1-based). */
  onRetry?: (failedAttempt: number, message: string) => void;
}

/**
 * Uploads a resume with the spec's policy (§9): each attempt times out after 30 s, up to 3
 * attempts, waiting 1 s then 2 s between them. Throws an Error whose message is for the user.
 */
export async function uploadResume(
  file: File,
  options: UploadOptions = {},
): Promise<ResumeLinkResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await uploadOnce(file);
    } catch (error) {
      if (attempt >= LIMITS.resumeAttempts || !isRetryable(error)) {
        throw new Error(uploadErrorMessage(error), { cause: error });
      }
      options.onRetry?.(attempt, MESSAGES.resume.retrying(attempt));
      await wait(LIMITS.resumeRetryDelaysMs[attempt - 1]);
    }
  }
}
