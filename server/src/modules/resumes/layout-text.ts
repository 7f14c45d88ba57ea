/**
 * The layout text format: what extract-text.ts stores for a resume and what facts.ts reads.
 * One visual line a line; a bullet line starts with BULLET_MARK (its wrapped continuation
 * lines already joined on); far-apart pieces of a line (a right-aligned date or place, a table's
 * cells) are separated by SEGMENT_BREAK; a new page starts with a form feed. Text stored before
 * this format (plain lines, pieces separated by runs of spaces) reads the same way.
 */
export const BULLET_MARK = "• ";
export const SEGMENT_BREAK = "\t";

export interface LayoutLine {
  /** The whole line, pieces joined by " | ", without its bullet. */
  text: string;
  /** The line's pieces, left to right. */
  segments: string[];
  bullet: boolean;
  /**
   * Plain text only: the line is indented under a bullet ("• Built a dashboard tracking" /
   * "  3-hour compliance by unit"), its wrapped continuation. The layout format joins those.
   */
  indented?: boolean;
  /** Plain text only: the spaces the line starts with (a project's description sits deeper). */
  indent?: number;
  /** 1-based page and line within the page. */
  page: number;
  line: number;
}

// A Symbol or Wingdings bullet ("", U+F0B7; "", U+F0A7) comes out of pdftotext as a
// private-use character: a bullet too (round 26's readers got "I  Designed …").
// A dash before a number is a bullet when words follow the number ("- 24-page annual report",
// "- 3 co-op terms"), not when a date does ("– 2024").
export const LEADING_BULLET =
  /^[\s]*[•●○◦▪■◆►▸‣∙·➔➢➤✓✔❖⮚»›\u2022\u25AA\u25CF\u25E6*\uF000-\uF0FF]\s*|^\s*[-–]\s+(?=\D|\d[\d,.]*(?:[-\s]?[a-zA-Z%+$]))/;

export function readLayoutLines(text: string, lineNumbers?: number[]): LayoutLine[] {
  const out: LayoutLine[] = [];
  let page = 1;
  let line = 0;
  const raws = text.replace(/\r\n?/g, "\n").split("\n");
  // A Word template's bullet glyph that pdftotext leaves out (a private-use character) leaves
  // its bullet one space in, the wrapped lines under it two to four: " Own design, analysis,
  // …" / "  reduced upright mass …" (three in another template's: "   and a road diet …"). Such a line is a bullet when a wrapped line follows it, or
  // when it follows another such bullet.
  let glyphless = false;
  const lostGlyph = (index: number) => {
    const value = raws[index];
    if (!/^ [^\s•●○◦▪■◆►▸‣∙·*–-]/.test(value)) return false;
    const next = raws[index + 1] ?? "";
    return (/^ {2,4}\S/.test(next) && !LEADING_BULLET.test(next)) || glyphless;
  };
  for (const [index, raw] of raws.entries()) {
    let value = raw;
    while (value.startsWith("\f")) {
      page++;
      line = 0;
      value = value.slice(1);
    }
    if (value.includes("\f")) {
      page++;
      line = 0;
      value = value.replace(/\f/g, "");
    }
    line++;
    // Lines read out of their order (unfoldColumns) keep the numbers they were printed on.
    if (lineNumbers?.[index] !== undefined) line = lineNumbers[index];
    const lost = lostGlyph(index);
    const bullet = LEADING_BULLET.test(value) || lost;
    if (lost) glyphless = true;
    else if (!/^ {2,4}\S/.test(value)) glyphless = false;
    const body = bullet ? value.replace(LEADING_BULLET, "") : value;
    const segments = body
      .split(/\t+| {3,}/)
      .map((s) =>
        s
          .replace(/\u00a0/g, " ")
          .replace(/\s+/g, " ")
          // "Marsh & Pell CPAs -- Staff Accountant": a dash typed as two or three hyphens between
          // spaces is the dash a typesetter would set, and reads as one.
          .replace(/ -{3} /g, " — ")
          .replace(/ -- /g, " – ")
          .trim(),
      )
      .filter((s) => s.length > 0);
    if (segments.length === 0) continue;
    const indented = !bullet && /^ {2,}\S/.test(value) && out.at(-1)?.bullet === true;
    const indent = /^ */.exec(value)?.[0].length ?? 0;
    out.push({ text: segments.join(" | "), segments, bullet, page, line, indented, indent });
  }
  return out;
}

/** A piece of a column that is only a date, a place or a page's furniture, never a column's text. */
const DATE_OR_PLACE =
  /^(?:(?:expected|exp\.?|since)\s+)?[\w.,'/ ]{0,24}(?:19|20)\d{2}(?:\s*[-–—]\s*(?:[\w.,/ ]{0,12}(?:19|20)\d{2}|present|current|now))?\.?$|^[A-Z][\w.' -]+,\s*[A-Z]{2}\b[\w ]*$|^(?:remote|hybrid|present)$/i;

/**
 * "Jan 2025 –", "present", "(expected June)", "Jun – Sep 2025": a column of dates left of the
 * titles is part of one column, not a column of its own.
 */
const DATE_BESIDE =
  /^.{0,16}(?:19|20)\d{2}\b.{0,12}$|^\(?(?:present|current|now|expected\b[\w ]*)\)?$/i;

/**
 * A plain-text resume pasted from two columns ("CONTACT          PROFESSIONAL SUMMARY",
 * "(515) 555-0100   Nursing student completing …"): the right column starts at one character
 * position on many lines in a row, after a run of three or more spaces or a line's indent.
 * Those lines are split there and the left column is read before the right, so a heading of
 * either column opens its own section. A single column with right-aligned dates or places
 * ("Analyst          Jun 2025 – Aug 2025") is left alone: on too few lines of the run is
 * text that is neither a date nor a place set right of the gap beside text left of it.
 */
export function unfoldColumns(text: string): { text: string; lineNumbers?: number[] } {
  // Layout text (tabs between a line's pieces) is left as it is. A page break alone is no
  // sign of it: plain text printed from a PDF ends its last page with one.
  if (/\t|\f(?!\s*$)/.test(text)) return { text };
  const rows = text.replace(/\r\n?/g, "\n").split("\n");
  // Where text starts after a gap of 3+ spaces (or an indent of 3+), per line.
  const starts = rows.map((row) => {
    const found: number[] = [];
    for (const m of row.matchAll(/ {3,}(?=\S)/g)) found.push((m.index ?? 0) + m[0].length);
    return found;
  });
  const candidates = new Map<number, number>();
  rows.forEach((row, i) => {
    for (const at of starts[i]) {
      const left = row.slice(0, at).trim();
      const right = row.slice(at).trim();
      if (left && !DATE_OR_PLACE.test(right.split(/ {3,}/)[0])) {
        candidates.set(at, (candidates.get(at) ?? 0) + 1);
      }
    }
  });
  const exact = [...candidates]
    .sort((a, b) => b[1] - a[1])
    .filter(([, seen]) => seen >= 4)
    .map(([at]) => at);
  // Two headings in capitals side by side ("EDUCATION          EXPERIENCE"), split at `at`;
  // or two ending in a colon ("About Me:          Experience:", a Canva sidebar's).
  const headingsBeside = (at: number) =>
    rows.some((row) =>
      [row.slice(0, at), row.slice(at)].every(
        (half) =>
          /^\p{Lu}[\p{Lu}&/ ]{3,}$/u.test(half.trim()) ||
          /^\p{Lu}[\p{L}&/ ]{2,30}:$/u.test(half.trim()),
      ),
    );
  // A column set by hand under headings side by side wanders a few places right of where it
  // starts: the text starting within six places right of a position counts for it, the
  // leftmost first.
  const wandering = [...candidates.keys()]
    .map((at) => {
      let seen = 0;
      for (const [other, count] of candidates) if (other >= at && other <= at + 6) seen += count;
      return [at, seen] as const;
    })
    .filter(([at, seen]) => seen >= 4 && !exact.includes(at) && headingsBeside(at))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([at]) => at);
  // A column whose heading sits beside another's is where the columns part, the leftmost
  // first: the right column's bullets, a few places further in, are more often at the start
  // of a line (round 27's sidebar split at its bullets, its headings and titles left behind).
  const beside = [...exact, ...wandering].filter(headingsBeside).sort((a, b) => a - b);
  const order = [...new Set([...beside, ...exact, ...wandering])];
  for (const at of order) {
    if (at < 16) continue;
    const wanders = headingsBeside(at);
    // A line fits the split at `at` when no text crosses it; one space before the right
    // column's text is a long line of the left column set tight against it.
    // Under headings side by side, a column set by hand wanders a few places right of where
    // it starts (the right column's lines at 36 to 42): a gap of two spaces or more before
    // `at`, the right column's text a few places after it, fits too.
    const fits = (row: string) =>
      row.trimEnd().length <= at - 2 ||
      (row[at - 1] === " " && row[at] !== " ") ||
      /^ *$/.test(row.slice(0, at)) ||
      (wanders && /\S {2,}$/.test(row.slice(0, at)) && /^ {1,6}\S/.test(row.slice(at))) ||
      // The right column's bullets set two places in ("  Planned and ran …" beside a sidebar's
      // "▸ Accessibility review", round 30) are the column's too.
      (/\S {3,}$/.test(row.slice(0, at)) && /^ {1,2}\S/.test(row.slice(at)));
    const beside = (row: string) => {
      const left = row.slice(0, at).trim();
      const right = row.slice(at).trim();
      return (
        left !== "" &&
        right !== "" &&
        !DATE_OR_PLACE.test(right.split(/ {3,}/)[0]) &&
        !DATE_BESIDE.test(left)
      );
    };
    let best: { from: number; to: number; beside: number } | null = null;
    let from = 0;
    for (let i = 0; i <= rows.length; i++) {
      if (i < rows.length && fits(rows[i])) continue;
      // The run of lines in the columns: from its first line to its last with right text.
      let first = from;
      let last = i - 1;
      while (first <= last && !rows[first].slice(at).trim()) first++;
      while (last >= first && !rows[last].slice(at).trim()) last--;
      // A name centred over both columns, a blank line under it, is the page's top, not the
      // right column's first lines.
      const firstLeft = rows.findIndex(
        (row, k) => k >= first && k <= last && row.slice(0, at).trim(),
      );
      if (firstLeft > first && rows.slice(first, firstLeft).some((row) => !row.trim())) {
        first = firstLeft;
      }
      const run = rows.slice(first, last + 1);
      const count = run.filter(beside).length;
      const rightLines = run.filter((row) => row.slice(at).trim()).length;
      if (run.length >= 8 && count >= 4 && rightLines >= 6 && (!best || count > best.beside)) {
        best = { from: first, to: last + 1, beside: count };
      }
      from = i + 1;
    }
    if (!best) continue;
    const numbered = rows.map((row, index) => ({ row, number: index + 1 }));
    const block = numbered.slice(best.from, best.to);
    const left = block
      .map(({ row, number }) => ({ row: row.slice(0, at).trimEnd(), number }))
      .filter(({ row }) => row.trim());
    const right = block.map(({ row, number }) => ({ row: row.slice(at).trimEnd(), number }));
    const out = [
      ...numbered.slice(0, best.from),
      ...left,
      { row: "", number: best.from + 1 },
      ...right,
      ...numbered.slice(best.to),
    ];
    return { text: out.map(({ row }) => row).join("\n"), lineNumbers: out.map((o) => o.number) };
  }
  return { text };
}
