import { CSV_COLUMNS } from "@reachout/contract/constants";
import type { NetworkListContact } from "@reachout/contract/contacts";

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula:
 * such cells get a leading apostrophe, so a contact's name can never run code in Excel/Sheets.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** contacts.csv: the spec's columns (§9); a missing location is "Unknown", a missing email or LinkedIn "N/A". */
export function contactsToCsv(contacts: NetworkListContact[]): string {
  const rows = contacts.map((c) => [
    c.full_name,
    c.title ?? "",
    c.company ?? "",
    c.location?.trim() || "Unknown",
    c.email?.trim() || "N/A",
    c.linkedin?.trim() || "N/A",
    c.status,
  ]);
  return [[...CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n");
}

/** Saves text as a download (a byte-order mark first, so spreadsheet apps read UTF-8 names right). */
export function downloadCsv(text: string, filename = "contacts.csv"): void {
  const blob = new Blob([`\uFEFF${text}\r\n`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
