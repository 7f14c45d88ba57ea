import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields with commas, escaped quotes and line breaks", () => {
    const text = '\uFEFFname,note\r\n"Doe, Jane","She said ""hi""\nthen left"\r\nBob,plain\n';
    expect(parseCsv(text)).toEqual([
      ["name", "note"],
      ["Doe, Jane", 'She said "hi"\nthen left'],
      ["Bob", "plain"],
    ]);
  });

  it("keeps empty fields, drops blank lines and reads a last line without a newline", () => {
    expect(parseCsv("a,,c\n\n\nx,y,")).toEqual([
      ["a", "", "c"],
      ["x", "y", ""],
    ]);
  });
});
