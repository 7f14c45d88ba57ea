import { describe, expect, it } from "vitest";
import { tidyTyped } from "./occasion";

// What round 26's readers found that the next round's resumes and notes would meet again.

describe("the short names students type", () => {
  it("writes an employer's or a school's short name as the organisation writes it", () => {
    expect(tidyTyped("how you got from Umd to msft")).toBe("how you got from UMD to Microsoft");
    expect(tidyTyped("the jpmc info session")).toBe("the JPMorgan Chase info session");
  });

  it("leaves words that merely contain one alone", () => {
    expect(tidyTyped("hey, the unclear part of the umbrella program")).toBe(
      "hey, the unclear part of the umbrella program",
    );
  });
});
