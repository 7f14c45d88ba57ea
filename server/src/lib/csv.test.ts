import { describe, expect, it } from "vitest";
import { parseCsvRecords, parseCsvRows } from "./csv";

describe("parseCsvRows", () => {
  it("reads quoted fields with commas, escaped quotes and line breaks", () => {
    const text = '\uFEFFname,note\r\n"Doe, Jane","She said ""hi""\nthen left"\r\nBob,plain\n';
    expect(parseCsvRows(text)).toEqual([
      ["name", "note"],
      ["Doe, Jane", 'She said "hi"\nthen left'],
      ["Bob", "plain"],
    ]);
  });

  it("keeps empty fields, drops blank lines and reads a last line without a newline", () => {
    expect(parseCsvRows("a,,c\n\n\nx,y,")).toEqual([
      ["a", "", "c"],
      ["x", "y", ""],
    ]);
  });
});

describe("parseCsvRecords", () => {
  it("reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a BOM", () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\nlast,,\n';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["x, y", 'say "hi"', "two\nlines"] },
      { line: 5, cells: ["last", "", ""] },
    ]);
  });

  it("keeps a final row without a trailing newline", () => {
    expect(parseCsvRecords("a\nb")).toEqual([
      { line: 1, cells: ["a"] },
      { line: 2, cells: ["b"] },
    ]);
  });
});

describe("a file csv-parse cannot read", () => {
  it("is a 400 saying why", () => {
    expect(() => parseCsvRows('name,note\nBob,"unclosed\n')).toThrow(
      expect.objectContaining({
        status: 400,
        detail: "The file is not a valid CSV (Quote Not Closed).",
      }),
    );
  });

  it("accepts rows of different lengths", () => {
    expect(parseCsvRows("a,b,c\n1\n")).toEqual([["a", "b", "c"], ["1"]]);
  });
});
