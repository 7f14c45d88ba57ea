import { describe, expect, it } from "vitest";
import { parseResumeFacts } from "../../resumes/facts";
import { lowerFirstWord, readReply, writeFollowUp, writeSequenceFollowUp } from "./follow-up";

const base = {
  firstName: "Grace",
  company: "Northwind",
  senderName: "Ada Lovelace",
  threadSubject: "Summer analyst question",
  lastSentAt: new Date("2026-11-20T15:00:00Z"),
  sender: { graduationYear: 2027, major: "Economics", university: "Cornell University" },
};

describe("readReply", () => {
  it.each([
    ["Happy to chat Thursday at 2pm if that works.", "Thursday at 2pm"],
    ["Could you do next Tuesday afternoon?", "next Tuesday afternoon"],
    ["Let's talk tomorrow at 10:30 am.", "tomorrow at 10:30 am"],
    ["I can do a call Friday, November 27 at 3pm.", "Friday, November 27 at 3pm"],
    ["Call me around 4pm, my number is below.", "at 4pm"],
  ])("finds the time proposed in %j", (text, time) => {
    expect(readReply(text).proposedTime).toBe(time);
  });

  it("finds no time where none is proposed, and reads the questions", () => {
    const reading = readReply(
      "Thanks for reaching out! What kind of role are you looking for? When do you graduate?",
    );
    expect(reading.proposedTime).toBeNull();
    expect(reading.questions).toEqual([
      "What kind of role are you looking for?",
      "When do you graduate?",
    ]);
    expect(reading).toMatchObject({ asksInterests: true, asksGraduation: true });
  });
});

describe("the suggested reply to a contact's answer", () => {
  it("accepts the time they proposed", () => {
    const { subject, body } = writeFollowUp({
      ...base,
      contactAnsweredLast: true,
      lastReplyText: "Hi Ada, happy to chat Thursday at 2pm. Does that work?",
    });
    expect(subject).toBe("Re: Summer analyst question");
    expect(body).toContain("Thursday at 2pm works perfectly for me.");
    expect(body).not.toContain("I'm flexible most weekdays");
    expect(body.trim().endsWith("Ada Lovelace")).toBe(true);
  });

  it("answers what they asked from the student's profile", () => {
    const { body } = writeFollowUp({
      ...base,
      contactAnsweredLast: true,
      lastReplyText:
        "Thanks Ada. When do you graduate, and what kind of role are you looking for? Could you send your resume?",
    });
    expect(body).toContain("I graduate from Cornell University in 2027.");
    expect(body).toContain("I'm studying Economics");
    expect(body).toContain("I've attached my resume");
  });

  it("offers times when they ask for availability, and quotes a question it cannot answer", () => {
    expect(
      writeFollowUp({
        ...base,
        contactAnsweredLast: true,
        lastReplyText: "Sure, what times are you available next week?",
      }).body,
    ).toContain("Tuesday or Thursday afternoon");
    expect(
      writeFollowUp({
        ...base,
        contactAnsweredLast: true,
        lastReplyText: "Have you used Snowflake before?",
      }).body,
    ).toContain('You asked: "Have you used Snowflake before?"');
  });

  it("is signed without a name when none is known, never with the address", () => {
    const { body } = writeFollowUp({
      ...base,
      senderName: "",
      contactAnsweredLast: false,
    });
    expect(body.trim().endsWith("Thank you,")).toBe(true);
  });
});

describe("lowerFirstWord", () => {
  it("runs a fact on after a colon without lower-casing I or an acronym", () => {
    expect(lowerFirstWord("I cleaned 2M rows of data.")).toBe("I cleaned 2M rows of data.");
    expect(lowerFirstWord("I'm leading a team of 4.")).toBe("I'm leading a team of 4.");
    expect(lowerFirstWord("SQL pipelines I built cut costs.")).toBe(
      "SQL pipelines I built cut costs.",
    );
    expect(lowerFirstWord("Built a DCF for a $1.2B deal.")).toBe("built a DCF for a $1.2B deal.");
  });
});

describe("a sequence's offline follow-ups", () => {
  const resume = parseResumeFacts(`Priya Raman
EDUCATION
University of Michigan, B.S.E. in Computer Science, Expected May 2027
EXPERIENCE
Stripe — Software Engineering Intern, May 2025 – Aug 2025
• Built a retry scheduler in Go that cut failed webhook deliveries by 38% for 12,000 merchants
Michigan Hackers — Project Lead, Sep 2024 – Present
• Led a team of 5 building a course-planning app used by 2,300 students
PROJECTS
Trailhead
• Built a React Native app that maps campus bike racks, 900 weekly users`);
  const firstEmail = {
    subject: "Hoping to learn from your path at Plaid",
    body: "Hi Daniel,\n\nAt Stripe I built a retry scheduler in Go that cut failed webhook deliveries by 38% for 12,000 merchants.\n\nBest,\nPriya Raman",
  };
  const write = (kind: "bump" | "new_angle" | "close", angle = 0) =>
    writeSequenceFollowUp({
      kind,
      position: angle + 1,
      angle,
      firstName: "Daniel",
      company: "Plaid",
      senderName: "Priya Raman",
      firstEmail,
      resume,
    });

  it("refers to the earlier note, never to one below it: the first email is not quoted", () => {
    for (const kind of ["bump", "new_angle", "close"] as const) {
      const { subject, body } = write(kind);
      expect(subject).toBe("Re: Hoping to learn from your path at Plaid");
      expect(body).not.toMatch(/\bbelow\b|attach/i);
      expect(body).not.toContain("retry scheduler");
    }
    expect(write("bump").body).toContain("my earlier note back to the top of your inbox");
  });

  it("adds, for each new angle, another fact the first email did not use, with where it happened", () => {
    expect(write("new_angle", 0).body).toContain(
      "One thing I didn't mention in my earlier note: at Michigan Hackers, I led a team of 5 building a course-planning app used by 2,300 students.",
    );
    expect(write("new_angle", 1).body).toContain(
      "One more thing that may be relevant: on Trailhead, a project of mine, I built a React Native app that maps campus bike racks (900 weekly users).",
    );
    // No fact is left for a third: it says so without repeating one.
    const third = write("new_angle", 2).body;
    expect(third).not.toMatch(/didn't mention|relevant|Michigan Hackers|Trailhead/);
    expect(third).toContain("I'm still keen to hear how your team at Plaid approaches its work");
  });
});
