/**
 * A DOCX resume's layout text (see layout-text.ts) from mammoth's HTML: paragraphs and headings
 * are lines, list items are bullet lines, a tab or a line break inside a paragraph keeps the
 * pieces apart, and a table row of short cells is one line of segments (an education grid),
 * while a table used as page columns (cells of many paragraphs) is read cell by cell.
 * Text boxes come through mammoth as ordinary paragraphs.
 */
import { Parser } from "htmlparser2";
import { BULLET_MARK, SEGMENT_BREAK } from "./layout-text";

interface Block {
  text: string;
  bullet: boolean;
}

interface Cell {
  blocks: Block[];
}

export function layoutDocxHtml(html: string): string {
  const lines: string[] = [];
  // Open containers: the table rows being read, each with its cells.
  const rows: Cell[][] = [];
  let cell: Cell | null = null;
  const cellStack: Array<Cell | null> = [];
  let current: Block | null = null;
  let listDepth = 0;

  const emit = (block: Block) => {
    const text = block.text
      .split(SEGMENT_BREAK)
      // A soft hyphen is invisible in Word unless a line breaks at it.
      .map((s) =>
        s
          .replace(/\u00ad/g, "")
          .replace(/[ \u00a0]+/g, " ")
          .trim(),
      )
      .filter(Boolean)
      .join(SEGMENT_BREAK);
    if (!text) return;
    if (cell) cell.blocks.push({ text, bullet: block.bullet });
    else lines.push((block.bullet ? BULLET_MARK : "") + text);
  };
  const open = (bullet: boolean) => {
    if (current) emit(current);
    current = { text: "", bullet };
  };
  const close = () => {
    if (current) emit(current);
    current = null;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (/^(p|h[1-6])$/.test(name)) open(current?.bullet === true && listDepth > 0);
        else if (name === "li") open(true);
        else if (name === "ul" || name === "ol") {
          close();
          listDepth++;
        } else if (name === "br") {
          if (cell && current) current.text += ", ";
          else if (current) {
            close();
            current = { text: "", bullet: false };
          }
        } else if (name === "tr") {
          close();
          rows.push([]);
        } else if (name === "td" || name === "th") {
          close();
          cellStack.push(cell);
          cell = { blocks: [] };
        }
      },
      ontext(data) {
        if (!current) current = { text: "", bullet: false };
        current.text += data;
      },
      onclosetag(name) {
        if (/^(p|h[1-6]|li)$/.test(name)) close();
        else if (name === "ul" || name === "ol") {
          close();
          listDepth = Math.max(0, listDepth - 1);
        } else if (name === "td" || name === "th") {
          close();
          const done = cell;
          cell = cellStack.pop() ?? null;
          if (done) rows.at(-1)?.push(done);
        } else if (name === "tr") {
          const row = rows.pop() ?? [];
          const filled = row.filter((c) => c.blocks.length > 0);
          // A grid row (an education table) has one paragraph a cell; a layout table's cells
          // hold whole entries and are read one after the other.
          const grid = filled.length > 1 && filled.every((c) => c.blocks.length <= 1);
          const out: Block[] = grid
            ? [
                {
                  text: filled
                    .map((c) => c.blocks.map((b) => b.text).join(" "))
                    .join(SEGMENT_BREAK),
                  bullet: false,
                },
              ]
            : filled.flatMap((c) => c.blocks);
          for (const block of out) {
            if (cell) cell.blocks.push(block);
            else lines.push((block.bullet ? BULLET_MARK : "") + block.text);
          }
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  close();
  return lines.join("\n");
}
