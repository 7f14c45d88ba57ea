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

/** The fields a CSV column can be mapped to, and whether a row needs them. */
export const OWN_CONTACT_FIELDS = [
  { field: "full_name", label: "Full Name", required: true },
  { field: "email", label: "Email", required: true },
  { field: "title", label: "Title", required: false },
  { field: "company", label: "Company", required: false },
  { field: "location", label: "Location", required: false },
  { field: "linkedin", label: "LinkedIn", required: false },
] as const;
export type OwnContactField = (typeof OWN_CONTACT_FIELDS)[number]["field"];

/** At most this many data rows per import. */
export const OWN_CONTACTS_IMPORT_MAX_ROWS = 5000;
/** At most this large a CSV file (bytes). */
export const OWN_CONTACTS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The `mapping` field of an import: for each contact field, the header of the CSV column that
 * holds it (full_name and email are required).
 */
export const OwnContactsMapping = z.object({
  full_name: z
    .string({ error: "Choose the column that holds the full name" })
    .min(1, "Choose the column that holds the full name"),
  email: z
    .string({ error: "Choose the column that holds the email" })
    .min(1, "Choose the column that holds the email"),
  title: z.string().optional().nullable(),
  company: z.string().optional().nullable(),
  location: z.string().optional().nullable(),
  linkedin: z.string().optional().nullable(),
});
export type OwnContactsMapping = z.infer<typeof OwnContactsMapping>;

/** `row` is the record's row as a spreadsheet shows the file: the header is row 1. */
export const OwnContactsImportResponse = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), detail: z.string() })),
});
export type OwnContactsImportResponse = z.infer<typeof OwnContactsImportResponse>;
