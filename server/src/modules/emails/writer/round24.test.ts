import { describe, expect, it } from "vitest";
import { createOfflineWriter } from "./offline";
import { reviewStudents, writeReviewSet } from "./review";

// What the fixtures' own emails still said wrong at the start of round 24, read against the
// resumes beside them: a job "in that role" after a sentence about a bootcamp (and in a note with
// no introduction at all), a ranking the student never stated, the goal said twice, a subject
// with a title and no noun.

const emails = await writeReviewSet(createOfflineWriter(), reviewStudents());

describe("the fixtures' emails, whole", () => {
  it("points 'In that role' only at the job said just before it", () => {
    for (const { email } of emails) {
      const paragraphs = email.body.split("\n\n");
      for (const [i, paragraph] of paragraphs.entries()) {
        const at = paragraph.search(/\bin that role\b/i);
        if (at < 0) continue;
        // The sentence before it, in the same paragraph, names a job ("as a … at …").
        const before = paragraph.slice(0, at);
        expect(before, `${paragraphs[i]}`).toMatch(/\bas an? [^.]+ at [^.]+\.\s*$/);
      }
    }
  });

  it("names a bootcamp as the program it is, not 'a certificate in' it", () => {
    const bodies = emails.map((e) => e.email.body).join("\n");
    expect(bodies).not.toMatch(/certificate in [^.]*Bootcamp/);
    expect(bodies).toContain("the Data Analytics Bootcamp at Kenzie Academy");
  });

  it("never ranks the company for the student", () => {
    for (const { email } of emails) {
      expect(email.body).not.toMatch(/first place I wanted|place I most wanted|top of my list/);
    }
  });

  it("says the student's goal once", () => {
    for (const { email } of emails) {
      const said = email.body.match(/I'm looking for|as I look for|since I'm looking for/g) ?? [];
      expect(said.length, email.body).toBeLessThanOrEqual(1);
    }
  });

  it("names a typed title in a subject as the role it is", () => {
    const subjects = emails.filter((e) => e.format === "referral").map((e) => e.email.subject);
    for (const subject of subjects) {
      expect(subject).not.toMatch(/^(A question about|Applying for) (?!the |a |an )/);
    }
    expect(subjects).toContain("A question about the 2027 Investment Banking Analyst role");
  });

  it("says a shared city as shared, not as 'also'", () => {
    const bodies = emails.map((e) => e.email.body).join("\n");
    expect(bodies).not.toMatch(/^I'm also based in/m);
  });
});
