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

// A dash before a number is a bullet when words follow the number ("- 24-page annual report",
// "- 3 co-op terms"), not when a date does ("– 2024").
const LEADING_BULLET =
  /^[\s]*[•●○◦▪■◆►▸‣∙·➔➢➤✓✔❖⮚\u2022\u25AA\u25CF\u25E6*]\s*|^\s*[-–]\s+(?=\D|\d[\d,.]*(?:[-\s]?[a-zA-Z%+$]))/;

export function readLayoutLines(text: string): LayoutLine[] {
  const out: LayoutLine[] = [];
  let page = 1;
  let line = 0;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
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
    const bullet = LEADING_BULLET.test(value);
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
