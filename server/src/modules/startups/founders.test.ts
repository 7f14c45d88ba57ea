import { describe, expect, it } from "vitest";
import {
  dedupeFounders,
  deriveFounderStatus,
  type FounderRecord,
  isValidFounderEmail,
  type NetworkSignal,
  usableLinkedin,
} from "./founders";

const founder = (over: Partial<FounderRecord> & { id: string }): FounderRecord => ({
  personName: null,
  personTitle: null,
  personEmail: null,
  personLinkedin: null,
  personProfileUrl: null,
  ...over,
});

const signal = (over: Partial<NetworkSignal>): NetworkSignal => ({
  email: null,
  linkedin: null,
  profileUrl: null,
  messageCount: 1,
  replied: false,
  ...over,
});

describe("dedupeFounders", () => {
  it("merges rows with the same profile URL, keeping each field's first known value", () => {
    const merged = dedupeFounders([
      founder({ id: "b", personName: "Ada Lovelace", personProfileUrl: "https://d.example/p/ada" }),
      founder({
        id: "a",
        personName: "Ada Lovelace",
        personTitle: "Co-Founder & CEO",
        personEmail: "ada@engine.example",
        personProfileUrl: "https://d.example/p/ada",
      }),
    ]);
    expect(merged).toEqual([
      {
        id: "a",
        personName: "Ada Lovelace",
        personTitle: "Co-Founder & CEO",
        personEmail: "ada@engine.example",
        personLinkedin: null,
        personProfileUrl: "https://d.example/p/ada",
      },
    ]);
  });

  it("falls back to the name (case and spacing aside) when there is no profile URL", () => {
    const merged = dedupeFounders([
      founder({ id: "1", personName: "Grace  Hopper" }),
      founder({ id: "2", personName: "grace hopper", personTitle: "Founder" }),
      founder({ id: "3", personName: "Alan Turing" }),
    ]);
    expect(merged.map((f) => [f.personName, f.personTitle])).toEqual([
      ["Alan Turing", null],
      ["Grace  Hopper", "Founder"],
    ]);
  });

  it("keeps different people who share a name when their profile URLs differ", () => {
    const merged = dedupeFounders([
      founder({ id: "1", personName: "Sam Lee", personProfileUrl: "https://d.example/p/sam-1" }),
      founder({ id: "2", personName: "Sam Lee", personProfileUrl: "https://d.example/p/sam-2" }),
    ]);
    expect(merged).toHaveLength(2);
  });

  it("never merges nameless rows that have no profile URL", () => {
    expect(dedupeFounders([founder({ id: "1" }), founder({ id: "2" })])).toHaveLength(2);
  });

  it("prefers a real LinkedIn URL over N/A and drops emails without @ and .", () => {
    const [merged] = dedupeFounders([
      founder({ id: "1", personName: "Kai", personLinkedin: "N/A", personEmail: "kai-at-home" }),
      founder({
        id: "2",
        personName: "Kai",
        personLinkedin: "https://www.linkedin.example/in/kai",
      }),
    ]);
    expect(merged.personLinkedin).toBe("https://www.linkedin.example/in/kai");
    expect(merged.personEmail).toBeNull();
  });
});

describe("deriveFounderStatus", () => {
  const ada = [
    founder({
      id: "1",
      personEmail: "Ada@Engine.example",
      personLinkedin: "https://www.linkedin.example/in/ada",
      personProfileUrl: "https://d.example/p/ada",
    }),
  ];

  it("is Uncontacted without a matching network contact", () => {
    expect(deriveFounderStatus(ada, [])).toBe("Uncontacted");
    expect(deriveFounderStatus(ada, [signal({ email: "someone@else.example" })])).toBe(
      "Uncontacted",
    );
  });

  it("matches by email ignoring case, by LinkedIn URL and by profile URL", () => {
    expect(deriveFounderStatus(ada, [signal({ email: "ada@engine.EXAMPLE" })])).toBe("Contacted");
    expect(
      deriveFounderStatus(ada, [signal({ linkedin: "https://www.linkedin.example/in/ada" })]),
    ).toBe("Contacted");
    expect(deriveFounderStatus(ada, [signal({ profileUrl: "https://d.example/p/ada" })])).toBe(
      "Contacted",
    );
  });

  it("needs messages: a saved but never emailed contact leaves the founder Uncontacted", () => {
    expect(
      deriveFounderStatus(ada, [signal({ email: "ada@engine.example", messageCount: 0 })]),
    ).toBe("Uncontacted");
  });

  it("is Responded when the matching contact replied", () => {
    const contacts = [
      signal({ email: "ada@engine.example" }),
      signal({ profileUrl: "https://d.example/p/ada", messageCount: 2, replied: true }),
    ];
    expect(deriveFounderStatus(ada, contacts)).toBe("Responded");
  });

  it("never matches on N/A LinkedIn values", () => {
    const nameless = [founder({ id: "9", personLinkedin: "N/A" })];
    expect(deriveFounderStatus(nameless, [signal({ linkedin: "N/A" })])).toBe("Uncontacted");
  });
});

describe("founder email and LinkedIn rules", () => {
  it.each([
    ["ada@engine.example", true],
    ["  ada@engine.example ", true],
    ["ada@engine", false],
    ["ada.engine.example", false],
    ["", false],
    [null, false],
  ])("%j is valid: %s", (email, valid) => {
    expect(isValidFounderEmail(email)).toBe(valid);
  });

  it("treats N/A and blanks as no LinkedIn", () => {
    expect(usableLinkedin("N/A")).toBeNull();
    expect(usableLinkedin("n/a")).toBeNull();
    expect(usableLinkedin("  ")).toBeNull();
    expect(usableLinkedin(" https://www.linkedin.example/in/x ")).toBe(
      "https://www.linkedin.example/in/x",
    );
  });
});
