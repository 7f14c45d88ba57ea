import { z } from "zod";
import { EmailAddress, SingleLine } from "./common";

/** What a user types (or a CSV column carries) for one of their own contacts. */
const optionalText = (max: number) =>
  SingleLine(max)
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null);

export const LINKEDIN_URL = /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/in\/[^\s/?#]+\/?$/i;

/**
 * A contact the user already knows, added by hand: it costs no credit and stays private to
 * them (it never enters the shared directory).
 */
export const OwnContactInput = z.object({
  full_name: SingleLine(200)
    .trim()
    .refine((value) => value.length > 0, "Enter the contact's full name"),
  email: EmailAddress,
  title: optionalText(200),
  company: optionalText(200),
  location: optionalText(200),
  linkedin: SingleLine(300)
    .trim()
    .optional()
    .nullable()
    .transform((value) => value || null)
    .refine(
      (value) => value === null || LINKEDIN_URL.test(value),
      "LinkedIn must be a profile URL like https://www.linkedin.com/in/name",
    ),
});
export type OwnContactInput = z.input<typeof OwnContactInput>;

/**
 * The fields a CSV column can be mapped to, and whether a row needs them. A person without an
 * address is imported as "no email yet"; the name may be built from several columns.
 */
export const OWN_CONTACT_FIELDS = [
  { field: "full_name", label: "Full Name", required: true },
  { field: "email", label: "Email", required: false },
  { field: "title", label: "Title", required: false },
  { field: "company", label: "Company", required: false },
  { field: "location", label: "Location", required: false },
  { field: "linkedin", label: "LinkedIn", required: false },
] as const;
export type OwnContactField = (typeof OWN_CONTACT_FIELDS)[number]["field"];

/** At most this many data rows per import (a LinkedIn export of a large network fits). */
export const OWN_CONTACTS_IMPORT_MAX_ROWS = 20_000;
/** At most this large an export file (bytes). */
export const OWN_CONTACTS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The answer of an import. `row` is the line of the file the refused row starts on (a
 * spreadsheet's row number when the file has no preamble or blank lines). `imported` people
 * are new to My Network (`no_email` of them without an address yet, `matched` of those found
 * in the directory); `merged` rows added to a person the network (or an earlier row) already
 * held, by the same address or LinkedIn URL; `unchanged` rows were already there as they are.
 */
export const OwnContactsImportResponse = z.object({
  format: z.string(),
  label: z.string(),
  imported: z.number().int(),
  no_email: z.number().int(),
  matched: z.number().int(),
  merged: z.number().int(),
  unchanged: z.number().int(),
  /** merged + unchanged: rows that added nobody (the dialog before issue 35 read this). */
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), detail: z.string() })),
});
export type OwnContactsImportResponse = z.infer<typeof OwnContactsImportResponse>;

/** One line of an import's progress stream (`Accept: application/x-ndjson`). */
export const OwnContactsImportEvent = z.union([
  z.object({ progress: z.object({ done: z.number().int(), total: z.number().int() }) }),
  z.object({ result: OwnContactsImportResponse }),
  z.object({ error: z.object({ status: z.number().int(), detail: z.string() }) }),
]);
export type OwnContactsImportEvent = z.infer<typeof OwnContactsImportEvent>;
