import { AppError } from "../../http/errors";
import { inflatedSize } from "./inflate-bound";

/** A real resume unpacks to a few megabytes; this leaves room for embedded images. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 2000;

export const ZIP_TOO_LARGE =
  "This document unpacks to far more than any resume needs, so it was not opened. Please upload a normal copy (PDF, DOC or DOCX).";
const ZIP_UNREADABLE =
  "We could not read this file. It may be damaged or password-protected. Please upload another copy.";

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const unreadable = () => new AppError(422, ZIP_UNREADABLE);
const tooLarge = () => new AppError(422, ZIP_TOO_LARGE);

function findEndOfDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw unreadable();
}

/**
 * Measures what a .docx (a ZIP archive) really unpacks to before any parser opens it. The
 * parsers inflate whole entries in memory and believe the sizes the archive declares, so a
 * few megabytes of crafted deflate data ("zip bomb") could make them allocate gigabytes.
 * Every entry is inflated here with a hard output bound; declared sizes are not trusted.
 */
export async function checkZipBounds(data: Buffer, maxBytes = MAX_UNPACKED_BYTES): Promise<void> {
  if (data.length < 22) throw unreadable();
  const end = findEndOfDirectory(data);
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  // ZIP64 markers: no resume needs an archive over 4 GB or 65535 entries.
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw tooLarge();
  if (entries > MAX_ENTRIES) throw tooLarge();

  let budget = maxBytes;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL_HEADER) {
      throw unreadable();
    }
    const start =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    if (start + compressedSize > data.length) throw unreadable();
    const content = data.subarray(start, start + compressedSize);

    if (method === 0) {
      budget -= content.length;
    } else if (method === 8) {
      budget -= await inflatedSize(content, budget);
    } else {
      throw unreadable();
    }
    if (budget < 0) throw tooLarge();
  }
}
