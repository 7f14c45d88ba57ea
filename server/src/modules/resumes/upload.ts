import type { Readable } from "node:stream";
import { LIMITS } from "@reachout/contract";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../http/errors";

const NO_FILE = "Choose a resume file (PDF, DOC or DOCX) to upload in the field named resume.";

/** Multipart framing plus the 5 MB limit leaves a little room for headers and boundaries. */
const MAX_REQUEST_BYTES = LIMITS.resumeMaxBytes + 64 * 1024;

// The rest of an oversized body is not worth reading: answer and close the connection.
const tooLarge = () =>
  new AppError(413, "File too large. The maximum size is 5 MB.", { connection: "close" });

/**
 * Collects a file part, failing the moment busboy reports the size limit. (The plugin's own
 * toBuffer() only throws once the whole part has arrived, i.e. after the client sent it all.)
 */
function collect(file: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => {
      chunks.length = 0;
      reject(tooLarge());
      file.destroy();
    });
    file.once("end", () => resolve(Buffer.concat(chunks)));
    file.once("error", reject);
  });
}

/**
 * Reads the `resume` part of a multipart upload. The 5 MB limit is enforced while streaming,
 * so an oversized file is never held whole: 413 goes out as soon as it passes the limit.
 */
export async function readUploadedResume(
  request: FastifyRequest,
): Promise<{ filename: string; data: Buffer }> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  try {
    const part = await request.file();
    if (part?.fieldname !== "resume") throw badRequest(NO_FILE);
    const data = await collect(part.file);
    return { filename: part.filename || "resume", data };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest("The upload could not be read. Please try again.");
  }
}
