import { describe, expect, it } from "vitest";
import { parseCsvRows } from "./csv";

describe("parseCsvRows", () => {
  it("reads quoted fields, escapes, line breaks, CRLF, a BOM, and keeps the header row", () => {
    const text = '\ufeffName,Note\r\n"Ada, L.","said ""hi""\nthen left"\r\n\r\nBob,\n';
    expect(parseCsvRows(text)).toEqual([
      ["Name", "Note"],
      ["Ada, L.", 'said "hi"\nthen left'],
      ["Bob", ""],
    ]);
  });

  it("accepts rows of different lengths and throws on an unclosed quote", () => {
    expect(parseCsvRows("a,b,c\n1\n")).toEqual([["a", "b", "c"], ["1"]]);
    expect(() => parseCsvRows('a\n"open')).toThrow();
  });
});
