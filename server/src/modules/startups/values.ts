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
