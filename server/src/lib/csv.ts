import { parse } from "csv-parse/sync";

/**
 * Every record of an RFC 4180 CSV text, the header row included, as arrays of fields (quoted
 * fields with "" escapes and line breaks, CRLF or LF line ends, a leading byte-order mark
 * stripped, blank lines skipped). Rows may differ in length; a malformed quote throws.
 */
export function parseCsvRows(text: string): string[][] {
  return parse(text, {
    bom: true,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
}
