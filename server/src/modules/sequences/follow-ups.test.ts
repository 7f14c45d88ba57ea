import { describe, expect, it } from "vitest";
import { followUpContext, writeFollowUpFor } from "./follow-ups";

const grace = { first_name: "Grace", full_name: "Grace Hopper", company: "Northwind" };
const first = { subject: "Summer analyst question", body: "Hi Grace, ..." };

describe("a sequence's follow-ups", () => {
  it("are signed with the student's name, or without one, never with the address", () => {
    const unnamed = followUpContext({
      name: null,
      email: "ux.mwukmamy@uni.example",
      university: null,
      major: null,
      graduationYear: null,
      resumeText: "",
    });
    expect(unnamed.senderName).toBe("");
    for (const kind of ["bump", "new_angle", "close"] as const) {
      const { subject, body } = writeFollowUpFor(
        unnamed,
        grace,
        [{ wait_minutes: 1, email_format: kind }],
        1,
        first,
      );
      expect(subject).toBe("Re: Summer analyst question");
      expect(body).not.toMatch(/Mwukmamy/i);
      expect(body.trim()).toMatch(/,$/);
    }
    const named = writeFollowUpFor(
      { ...unnamed, senderName: "Maya Chen" },
      grace,
      [{ wait_minutes: 1, email_format: "bump" }],
      1,
      first,
    );
    expect(named.body.trim()).toMatch(/Thank you,\nMaya Chen$/);
  });
});
