import { describe, expect, it } from "vitest";
import { clauseOf, inPresent } from "./clause";
import { tidyTyped, toRecipient } from "./occasion";
import { nameSaid } from "./offline/paragraphs";
import { fairParts, typedRole } from "./offline/typed";

// Round 23's readers (seven unseen students: an accounting junior, an EE senior, an international
// MS data science student, a biology senior going to industry, a marketing sophomore, a
// communications graduate working as a barista, an industrial engineering senior). Names,
// companies and numbers here are new; the shapes are theirs.

describe("the resume's own slips, not repeated", () => {
  it("corrects a common misspelling in the student's bullet", () => {
    expect(clauseOf("Recieved “Employee of the Quarter” in May 2025", "experience")).toBe(
      "received “Employee of the Quarter” in May 2025",
    );
  });

  it("keeps a plural after 'and' a plural in a job still held", () => {
    const bullet = "Create TikTok posts and reels for the chapter using CapCut";
    expect(inPresent(clauseOf(bullet, "leadership"), bullet)).toBe(
      "create TikTok posts and reels for the chapter using CapCut",
    );
  });

  it("gives a past act in a current job's bullet its own 'I'", () => {
    const bullet =
      "Prepare weekly rent rolls and assisted the controller with 1099 filing for 2025";
    expect(inPresent(clauseOf(bullet, "experience"), bullet)).toBe(
      "prepare weekly rent rolls, and I assisted the controller with 1099 filing for 2025",
    );
    const adjective = "Prepare summaries and detailed reports for the board";
    expect(inPresent(clauseOf(adjective, "experience"), adjective)).not.toContain(", and I");
  });
});

describe("what the student typed, written out", () => {
  it("spells out chat shorthand", () => {
    expect(tidyTyped("how ppl get promoted, even tho im new and dont know")).toBe(
      "how people get promoted, even though I'm new and don't know",
    );
  });

  it("reads a casual title typed beside a posting's link as the title", () => {
    expect(
      typedRole(
        "new grad embedded sw / hw engineer, start fall 2027 - https://jobs.example.com/R1",
      ),
    ).toBe("new grad embedded sw / hw engineer");
  });
});

describe("the student's name as they say it", () => {
  it("leaves a middle initial for the signature", () => {
    expect(nameSaid("Maria T. Okafor")).toBe("Maria Okafor");
    expect(nameSaid("J. Robert Lane")).toBe("J. Robert Lane");
    expect(nameSaid("Wei Chen")).toBe("Wei Chen");
  });
});

describe("a fair's note, told to the one met there", () => {
  it("keeps 'their' for the people named before it", () => {
    expect(toRecipient("what new hires actually do in their first year")).toBe(
      "what new hires actually do in their first year",
    );
    expect(toRecipient("whether they sponsor visas")).toBe("whether you sponsor visas");
  });

  it("leaves the student's bracketed aside out of the fair's name", () => {
    expect(
      fairParts(tidyTyped("Tech Valley career fair (open to alumni) - talked about the QA team")),
    ).toEqual({ name: "the Tech Valley Career Fair", discussed: "the QA team" });
  });
});
