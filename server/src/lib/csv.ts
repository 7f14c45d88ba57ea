import { CsvError, parse } from "csv-parse/sync";
import { badRequest } from "../http/errors";

export interface CsvRecord {
  /** 1-based line of the file the record starts on (a quoted field may span lines). */
  line: number;
  cells: string[];
}

/**
 * The one CSV reader of the server (RFC 4180 through csv-parse): quoted fields with "" escapes,
 * commas and line breaks inside, CRLF or LF, a leading byte-order mark. Answers every record,
 * the header row included, with the line it starts on; blank lines are dropped. A file it
 * cannot read (an unclosed quote) is a 400 saying why.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      // "Quote Not Closed: the parsing is finished…" → "Quote Not Closed"
      throw badRequest(`The file is not a valid CSV (${error.message.split(":")[0]}).`);
    }
    throw error;
  }
  const rows: CsvRecord[] = [];
  for (const { record, info } of records) {
    if (record.length === 1 && record[0].trim() === "") continue;
    // csv-parse reports the line a record ends on; quoted line breaks move its start back.
    const span = record.reduce((lines, cell) => lines + countLineBreaks(cell), 0);
    rows.push({ line: info.lines - span, cells: record });
  }
  return rows;
}

/** The records of a CSV file as rows of fields, the header row first. */
export function parseCsvRows(text: string): string[][] {
  return parseCsvRecords(text).map((record) => record.cells);
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) count++;
  }
  return count;
}
