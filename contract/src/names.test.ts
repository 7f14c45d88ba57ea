import { describe, expect, it } from "vitest";
import { firstNameOf, givenNameOf, titledGreetingOf } from "./names";

describe("firstNameOf", () => {
  it("answers the first word of a full name, ignoring extra spaces", () => {
    expect(firstNameOf("  Ada   King Lovelace ")).toBe("Ada");
    expect(firstNameOf("Grace")).toBe("Grace");
  });

  it("skips a title written before the name", () => {
    expect(firstNameOf("Dr. Anil Mehrotra")).toBe("Anil");
    expect(firstNameOf("Ms. Lee Park")).toBe("Lee");
    expect(firstNameOf("Dr.")).toBe("Dr.");
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

describe("titledGreetingOf", () => {
  it("greets a doctor or professor by title and surname, anyone else not at all", () => {
    expect(titledGreetingOf("Dr. Anil Mehrotra")).toBe("Dr. Mehrotra");
    expect(titledGreetingOf("Prof. Ana María López")).toBe("Professor López");
    expect(titledGreetingOf("Ms. Lee Park")).toBeNull();
    expect(titledGreetingOf("Anil Mehrotra")).toBeNull();
    expect(titledGreetingOf("Dr. Anil")).toBeNull();
  });
});
