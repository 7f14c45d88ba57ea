/**
 * Reads a PDF's text as laid out on the page rather than as one flat string: pdf.js text items
 * with their positions and sizes become lines; a line's far-apart pieces (a right-aligned date
 * or place) stay separate segments; two-column pages are read column by column; a bullet's
 * wrapped continuation lines join their bullet; running headers, footers and page numbers are
 * dropped. The result is the layout text format of layout-text.ts, which the facts parser reads.
 */
import { BULLET_MARK, SEGMENT_BREAK } from "./layout-text";

export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  font: string;
}

export interface PdfPageText {
  width: number;
  height: number;
  items: PdfTextItem[];
}

interface Segment {
  x: number;
  end: number;
  text: string;
}

interface Line {
  y: number;
  /** Where the line's first glyph sits (the bullet's x for a bullet). */
  x: number;
  size: number;
  segments: Segment[];
  /** The x where the line's words start (after a bullet glyph). */
  textX: number;
  bullet: boolean;
  /** Right-aligned pieces (dates, places, durations) moved here from the bullet lines below. */
  asides: string[];
}

/** Glyphs that open a bullet; icon fonts' private-use characters count too. */
const BULLET_GLYPHS =
  /^[•●○◦▪▫■□◆◇►▸▹‣∙·⁃➔➢➤✓✔❖★☐\u2022\u2023\u2043\u25AA\u25CF\u25E6\u2219\u27A4*–-]$/;
const PRIVATE_USE = /[\uE000-\uF8FF]/g;
const DATE_OR_PLACE =
  /^((Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Spring|Summer|Fall|Autumn|Winter)[a-z]*\.?\s*)?((19|20)\d{2}|present|current|now)\b|\b(19|20)\d{2}\s*$|^\d+\s+(years?|months?)|^[A-Z][A-Za-z.' ]+,\s*[A-Z][A-Za-z. ]+$|^remote$/i;

function itemsToLines(items: PdfTextItem[]): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfTextItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (
      row &&
      Math.abs(row[0].y - item.y) <= Math.max(2, 0.45 * Math.min(row[0].size, item.size))
    ) {
      row.push(item);
    } else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    // The size most of the line's letters are set in (a bullet glyph is often larger).
    const size = row.reduce((a, b) => (b.str.length > a.str.length ? b : a)).size;
    const segments: Segment[] = [];
    for (const item of row) {
      const last = segments.at(-1);
      const gap = last ? item.x - last.end : 0;
      if (last && gap < Math.max(1.6 * size, 10)) {
        const space = gap > 0.15 * size && !/\s$/.test(last.text) && !/^\s/.test(item.str);
        last.text += (space ? " " : "") + item.str;
        last.end = Math.max(last.end, item.x + item.width);
      } else {
        segments.push({ x: item.x, end: item.x + item.width, text: item.str });
      }
    }
    for (const segment of segments) segment.text = tidy(segment.text);
    const kept = segments.filter((s) => s.text.length > 0);
    let bullet = false;
    let textX = kept[0]?.x ?? 0;
    // A lone glyph before the words, in its own item: "•", "◦", an icon font's "f" or "".
    const first = row.find((i) => i.str.trim().length > 0);
    const next = first ? row[row.indexOf(first) + 1] : undefined;
    const firstText = first?.str.trim() ?? "";
    const glyphItem =
      first !== undefined &&
      next !== undefined &&
      firstText.length === 1 &&
      (BULLET_GLYPHS.test(firstText) ||
        PRIVATE_USE.test(firstText) ||
        (first.font !== next.font && next.x - (first.x + first.width) > 0.2 * size));
    PRIVATE_USE.lastIndex = 0;
    if (glyphItem && kept[0]) {
      // An icon font's glyph (already dropped by tidy) marks a contact field, not a bullet.
      bullet = kept[0].text.startsWith(firstText);
      if (bullet) kept[0].text = kept[0].text.slice(firstText.length).trim();
      textX = next.x;
    } else if (
      kept[0] &&
      /^([•●◦▪■◆►▸‣∙➔➢➤✓✔❖\u2022\u25AA\u25CF\u25E6]\s*|[-–]\s+(?=\D))/.test(kept[0].text)
    ) {
      bullet = true;
      kept[0].text = kept[0].text.replace(/^\S\s*/, "");
    }
    const nonEmpty = kept.filter((s) => s.text.length > 0);
    // "• Google ........ Mountain View, CA": a short bullet with its own date or place is an
    // entry's header, not an achievement.
    const head = nonEmpty[0]?.text ?? "";
    if (
      bullet &&
      nonEmpty.slice(1).some((s) => DATE_OR_PLACE.test(s.text)) &&
      head.length <= 60 &&
      !/[;:]$/.test(head) &&
      !(/\.$/.test(head) && head.split(" ").length > 4) &&
      !/:\s/.test(head)
    ) {
      bullet = false;
    }
    let x = kept[0]?.x ?? 0;
    if (bullet && !glyphItem) {
      // Glyph and words in one item: the words start about two glyph widths in.
      x = kept[0]?.x ?? 0;
      textX = Number.NaN;
    }
    return {
      y: row[0].y,
      x: glyphItem && first ? first.x : x,
      size,
      segments: nonEmpty,
      textX,
      bullet,
      asides: [],
    };
  });
}

/**
 * An icon font's bullet that maps to no character arrives as an empty item in its own font,
 * a little left of the words it marks: it becomes a "•" so the line reads as a bullet.
 */
function withIconBullets(items: PdfTextItem[]): PdfTextItem[] {
  const words = items.filter((i) => i.str.trim().length > 0);
  return items.flatMap((item) => {
    if (item.str.length > 0) return [item];
    const next = words.find(
      (w) =>
        w.font !== item.font &&
        Math.abs(w.y - item.y) <= 0.45 * w.size &&
        w.x - item.x >= 3 &&
        w.x - item.x <= 2.5 * w.size,
    );
    const before = words.some((w) => Math.abs(w.y - item.y) <= 0.45 * w.size && w.x < item.x);
    const glyphFont = !words.some((w) => w.font === item.font);
    const nextIsGlyph = next !== undefined && next.str.trim().length === 1;
    return next && !before && glyphFont && !nextIsGlyph
      ? [{ ...item, str: "•", width: Math.min(6, next.x - item.x - 2) }]
      : [];
  });
}

const SPACING_ACCENTS: Record<string, string> = {
  "´": "\u0301",
  "`": "\u0300",
  "¨": "\u0308",
  "˜": "\u0303",
  ˆ: "\u0302",
};

/**
 * LaTeX's older fonts print an accent as its own glyph before the letter ("Educaci´on",
 * "L´ıder"): the two become the accented letter ("Educación", "Líder") when they make one.
 */
function joinAccents(text: string): string {
  return text.replace(/([´`¨˜ˆ])\s?([A-Za-zı])/g, (whole, accent: string, letter: string) => {
    // "´ı": the accent sits on a dotless i.
    const joined = `${letter === "ı" ? "i" : letter}${SPACING_ACCENTS[accent]}`.normalize("NFC");
    return joined.length === 1 ? joined : whole;
  });
}

/**
 * Small capitals whose font sets a lower-case "i" ("RMIT UNiVERSiTY", "SCiENCE iN COMPUTER"):
 * on a piece with such a word, every capitals-and-i word is read in capitals.
 */
function smallCaps(text: string): string {
  if (!/[A-Z]i[A-Z]/.test(text)) return text;
  return text.replace(/\b[A-Zi]{2,}\b/g, (word) =>
    /[A-Z]/.test(word) ? word.toUpperCase() : word,
  );
}

/** Removes icon glyphs and dot leaders ("Mahsan Co. . . . . ." is "Mahsan Co."). */
function tidy(text: string): string {
  return smallCaps(joinAccents(text))
    .replace(/\u00ad/g, "-")
    .replace(PRIVATE_USE, " ")
    .replace(/\s*(?:\.\s?){4,}\s*$/, ".")
    .replace(/\.{2,}$/, ".")
    .replace(/\s*(?:\.\s?){4,}/g, " ")
    .replace(/[\u00a0\s]+/g, " ")
    .trim();
}

/**
 * The x of a gutter that splits the page into two columns, or null. A gutter is a band that no
 * text crosses, with a real column of words on each side: a one-column resume's right-aligned
 * dates leave an empty band too, but the narrow side there holds only dates and places.
 */
function findGutter(items: PdfTextItem[], pageWidth: number): number | null {
  const text = items.filter((i) => i.str.trim().length > 0 && i.width > 0);
  if (text.length < 20) return null;
  const left = Math.min(...text.map((i) => i.x));
  const right = Math.max(...text.map((i) => i.x + i.width));
  const span = right - left;
  if (span < pageWidth * 0.4) return null;
  let best: { x: number; width: number } | null = null;
  let runStart: number | null = null;
  const from = left + span * 0.2;
  const to = left + span * 0.8;
  for (let x = from; x <= to + 1; x += 1) {
    const crossing =
      x <= to ? text.filter((i) => i.x + 0.5 < x && i.x + i.width - 0.5 > x).length : Infinity;
    if (crossing <= Math.max(1, text.length * 0.02)) {
      runStart ??= x;
    } else if (runStart !== null) {
      const width = x - runStart;
      if (!best || width > best.width) best = { x: runStart + width / 2, width };
      runStart = null;
    }
  }
  if (!best || best.width < 8) return null;
  const gutter = best.x;
  const leftItems = text.filter((i) => i.x + i.width <= gutter);
  const rightItems = text.filter((i) => i.x >= gutter);
  const leftWidth = gutter - left;
  const rightWidth = right - gutter;
  if (Math.min(leftWidth, rightWidth) < span * 0.25) return null;
  const rowsOf = (list: PdfTextItem[]) => new Set(list.map((i) => Math.round(i.y / 3))).size;
  if (rowsOf(leftItems) < 8 || rowsOf(rightItems) < 8) return null;
  // A side that is mostly dates and places is the one column's right edge, not a column.
  for (const side of [leftItems, rightItems]) {
    const lines = itemsToLines(side).map((l) => l.segments.map((s) => s.text).join(" "));
    const annotations = lines.filter((l) => DATE_OR_PLACE.test(l) || l.length <= 3).length;
    if (annotations / Math.max(1, lines.length) > 0.6) return null;
  }
  return gutter;
}

/** Lines that repeat at the top or bottom of several pages, page numbers, "Last updated …". */
function isFurniture(text: string, repeated: Set<string>): boolean {
  const key = furnitureKey(text);
  if (repeated.has(key)) return true;
  if (/^(page\s*)?\d{1,2}(\s*(\/|of)\s*\d{1,2})?$/i.test(text)) return true;
  if (/^(last\s+)?updated(\s+on|\s+in)?\b/i.test(text)) return true;
  return false;
}

const furnitureKey = (text: string) => text.replace(/\d+/g, "#").toLowerCase();

/** Joins a bullet's wrapped lines onto it and moves right-aligned asides up to their header. */
function joinLines(lines: Line[]): Line[] {
  const out: Line[] = [];
  const rightEdge = Math.max(...lines.flatMap((l) => l.segments.map((s) => s.end)));
  const leftEdge = Math.min(...lines.flatMap((l) => l.segments.map((s) => s.x)));
  for (const line of lines) {
    const previous = out.at(-1);
    const left = line.segments[0];
    if (!left) continue;
    if (previous && !line.bullet && previous.bullet) {
      const aligned = Number.isNaN(previous.textX)
        ? left.x > previous.x + 1 && left.x <= previous.x + previous.size * 2.5
        : Math.abs(left.x - previous.textX) <= Math.max(2.5, previous.size * 0.3);
      const close = previous.y - line.y <= previous.size * 1.9;
      const sameSize = Math.abs(previous.size - line.size) <= 1.2;
      const ownHeader =
        line.segments.length > 1 &&
        /^[A-Z]/.test(left.text) &&
        line.segments.slice(1).some((s) => DATE_OR_PLACE.test(s.text));
      if (aligned && close && sameSize && !ownHeader) {
        const head = previous.segments[0];
        head.text =
          `${head.text}${/-$/.test(head.text) && /^[a-z]/.test(left.text) ? "" : " "}${left.text}`.replace(
            /(\w)- (\w)/,
            "$1-$2",
          );
        previous.asides.push(...line.segments.slice(1).map((s) => s.text));
        previous.y = line.y;
        continue;
      }
    }
    // A paragraph's wrapped line: the line above ran to the right edge, same start and size.
    if (
      previous &&
      !line.bullet &&
      !previous.bullet &&
      previous.segments.length === 1 &&
      line.segments.length === 1 &&
      Math.abs(left.x - previous.segments[0].x) <= 2 &&
      previous.segments[0].end >= rightEdge - previous.size * 1.5 &&
      previous.segments[0].end - previous.segments[0].x >=
        Math.max(300, 0.75 * (rightEdge - leftEdge)) &&
      previous.y - line.y <= previous.size * 1.6 &&
      Math.abs(previous.size - line.size) <= 0.3 &&
      !/[.:!?]$/.test(previous.segments[0].text) &&
      left.text !== left.text.toUpperCase() &&
      // A line with a year or a " | " is a header, never a paragraph's wrapped line.
      !/\b(19|20)\d{2}\b| \| /.test(left.text) &&
      previous.segments[0].text.split(" ").length >= 8
    ) {
      previous.segments[0].text = `${previous.segments[0].text} ${left.text}`;
      previous.y = line.y;
      continue;
    }
    out.push(line);
  }
  // A right-aligned date or place printed beside a bullet belongs to the entry's header line.
  let header: Line | null = null;
  for (const line of out) {
    if (!line.bullet) {
      header = line;
      continue;
    }
    const moved = [...line.segments.slice(1), ...line.asides.map((text) => ({ text }))].filter(
      (s) => DATE_OR_PLACE.test(s.text),
    );
    if (header && moved.length > 0) {
      header.asides.push(...moved.map((s) => s.text));
      line.segments = line.segments.filter((s, i) => i === 0 || !moved.includes(s));
    }
    line.asides = [];
  }
  return out;
}

function render(line: Line): string {
  const parts = [...line.segments.map((s) => s.text), ...line.asides];
  return (line.bullet ? BULLET_MARK : "") + parts.join(SEGMENT_BREAK);
}

/**
 * The page's items in reading order groups: the full-width header (name and contact lines, set
 * across the gutter or centred above it), then the left column, the right column, and anything
 * set across the gutter below the columns. A one-column page is one group.
 */
function columnsOf(
  items: PdfTextItem[],
  pageWidth: number,
  repeated: Set<string>,
): PdfTextItem[][] {
  const body = items.filter((i) => {
    const text = i.str.trim();
    return !(/^(last\s+)?updated(\s+on|\s+in)?\b/i.test(text) || repeated.has(furnitureKey(text)));
  });
  const gutter = findGutter(body, pageWidth);
  if (gutter === null) return [items];
  const left = Math.min(...body.map((i) => i.x));
  const right = Math.max(...body.map((i) => i.x + i.width));
  const middle = (left + right) / 2;
  const span = right - left;
  // Rows from the top while they straddle the gutter or sit centred on the page: the header.
  const rows = new Map<number, PdfTextItem[]>();
  for (const item of [...body].sort((a, b) => b.y - a.y)) {
    const key = [...rows.keys()].find((y) => Math.abs(y - item.y) <= 0.45 * item.size) ?? item.y;
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  const header = new Set<PdfTextItem>();
  const ordered = [...rows].sort((a, b) => b[0] - a[0]);
  // The columns start at the first row with words on both sides of the gutter (two headings
  // side by side); the few rows above it are the page's header, whatever their alignment.
  const firstTwoSided = ordered.findIndex(
    ([, row]) =>
      row.some((i) => i.x + i.width <= gutter) &&
      row.some((i) => i.x >= gutter) &&
      !row.some((i) => i.x < gutter && i.x + i.width > gutter),
  );
  if (firstTwoSided > 0 && firstTwoSided <= 6) {
    for (const [, row] of ordered.slice(0, firstTwoSided)) for (const item of row) header.add(item);
  } else
    for (const [, row] of ordered) {
      const start = Math.min(...row.map((i) => i.x));
      const end = Math.max(...row.map((i) => i.x + i.width));
      const straddles = row.some((i) => i.x < gutter && i.x + i.width > gutter);
      const centred =
        Math.abs((start + end) / 2 - middle) < span * 0.08 && end - start < span * 0.7;
      if (!straddles && !centred) break;
      for (const item of row) header.add(item);
    }
  const rest = items.filter((i) => !header.has(i));
  const crossing = rest.filter((i) => i.x < gutter && i.x + i.width > gutter);
  return [
    items.filter((i) => header.has(i)),
    rest.filter((i) => i.x + i.width <= gutter),
    rest.filter((i) => i.x >= gutter),
    crossing,
  ];
}

/** The layout text of a PDF's pages (see layout-text.ts for the format). */
export function layoutPdfPages(pages: PdfPageText[]): string {
  // Running headers and footers: the same top or bottom line (digits aside) on two pages or more.
  const edgeCounts = new Map<string, number>();
  const pageLines = pages.map((page) => {
    const items = withIconBullets(page.items)
      .map((i) => ({ ...i, str: i.str.replace(/\u00a0/g, " ") }))
      .filter((i) => i.str.trim().length > 0);
    const lines = itemsToLines(items);
    const edge = lines.filter((l) => l.y > page.height * 0.94 || l.y < page.height * 0.06);
    for (const key of new Set(
      edge.map((l) => furnitureKey(l.segments.map((s) => s.text).join(" "))),
    )) {
      edgeCounts.set(key, (edgeCounts.get(key) ?? 0) + 1);
    }
    return { page, items };
  });
  const repeated = new Set(
    pages.length > 1 ? [...edgeCounts].filter(([, n]) => n >= 2).map(([key]) => key) : [],
  );
  const out: string[] = [];
  for (const [index, { page, items }] of pageLines.entries()) {
    const groups = columnsOf(items, page.width, repeated);
    const rendered: string[] = [];
    for (const group of groups) {
      const lines = itemsToLines(group).filter(
        (l) =>
          l.segments.length > 0 && !isFurniture(l.segments.map((s) => s.text).join(" "), repeated),
      );
      rendered.push(...joinLines(lines).map(render));
    }
    if (index > 0 && rendered.length > 0) rendered[0] = `\f${rendered[0]}`;
    out.push(...rendered);
  }
  return out.join("\n");
}
