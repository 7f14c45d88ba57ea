/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF rows.
 * Answers rows with the 1-based line each starts on, skipping blank lines.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        cell += c;
      }
    } else if (c === '"' && cell === "") {
      quoted = true;
    } else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && source[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

/** "$5,000,000", "5000000", "$2.5M", "750K", "1.2B" → US dollars; null when unreadable. */
export function parseMoney(value: string | undefined): number | null {
  const text = value
    ?.trim()
    .replace(/^(usd|us\$|\$)\s*/i, "")
    .replace(/,/g, "");
  if (!text) return null;
  const match = /^(\d+(?:\.\d+)?)\s*([kmb])?$/i.exec(text);
  if (!match) return null;
  const scale = { k: 1e3, m: 1e6, b: 1e9 }[match[2]?.toLowerCase() as "k" | "m" | "b"] ?? 1;
  const amount = Number(match[1]) * scale;
  return Number.isFinite(amount) && amount < 1e13 ? Math.round(amount) : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    year > 2200 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** "2025-03-14", "3/14/2025" (US order) or "Mar 14, 2025" → "YYYY-MM-DD"; null otherwise. */
export function parseAnnouncedDate(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    return month > 0 ? isoDate(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}
