import path from "node:path";
import { MESSAGES } from "@reachout/contract";
import { fileTypeFromBuffer } from "file-type";
import { AppError } from "../../http/errors";

export type ResumeKind = "pdf" | "docx" | "doc";

const KINDS: Record<string, { kind: ResumeKind; detected: string; mimeType: string }> = {
  ".pdf": { kind: "pdf", detected: "pdf", mimeType: "application/pdf" },
  ".docx": {
    kind: "docx",
    detected: "docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  // file-type reports a Word 97 document by its container format, Compound File Binary.
  ".doc": { kind: "doc", detected: "cfb", mimeType: "application/msword" },
};

export interface CheckedResume {
  kind: ResumeKind;
  mimeType: string;
  filename: string;
}

/** A display-safe file name: no folders, control characters or quotes; bounded. */
export function cleanFilename(raw: string): string {
  const base = path.basename(raw.replaceAll("\\", "/"));
  const cleaned = base.replace(/[\p{Cc}"]/gu, "").trim();
  return cleaned.slice(-200) || "resume";
}

/**
 * Accepts a resume only when its extension is .pdf, .doc or .docx AND its bytes say the same
 * thing: a renamed executable or image is refused with 415 whatever it is called.
 */
export async function checkResumeFile(filename: string, data: Buffer): Promise<CheckedResume> {
  const expected = KINDS[path.extname(filename).toLowerCase()];
  if (!expected) throw new AppError(415, MESSAGES.resume.invalidType);
  const detected = await fileTypeFromBuffer(data);
  if (detected?.ext !== expected.detected) {
    throw new AppError(
      415,
      `This file is not a real ${expected.kind.toUpperCase()} document. ${MESSAGES.resume.invalidType}`,
    );
  }
  return { kind: expected.kind, mimeType: expected.mimeType, filename: cleanFilename(filename) };
}
