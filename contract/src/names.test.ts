import { describe, expect, it } from "vitest";
import { firstNameOf, givenNameOf } from "./names";

describe("firstNameOf", () => {
  it("answers the first word of a full name, ignoring extra spaces", () => {
    expect(firstNameOf("  Ada   King Lovelace ")).toBe("Ada");
    expect(firstNameOf("Grace")).toBe("Grace");
  });

  it("answers an empty string for a blank name", () => {
    expect(firstNameOf("   ")).toBe("");
  });
});

describe("givenNameOf", () => {
  it("prefers a stored first name and falls back to the full name's first word", () => {
    expect(givenNameOf({ firstName: " Bea ", fullName: "Beatrice Smith" })).toBe("Bea");
    expect(givenNameOf({ firstName: null, fullName: "Beatrice Smith" })).toBe("Beatrice");
    expect(givenNameOf({ firstName: "  ", fullName: "Beatrice Smith" })).toBe("Beatrice");
  });
});
