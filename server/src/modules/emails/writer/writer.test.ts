import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chatCompletion,
  cutChat,
  type FakeLlm,
  sendJson,
  stallChat,
  startFakeLlm,
  streamChat,
} from "../../../../tests/fake-llm";
import { llmStats, resetLlmStats } from "../../../integrations/llm";
import { shortSchool } from "../../contacts";
import { parseResumeFacts } from "../../resumes/facts";
import { createEmailWriter, type WriteInput } from ".";
import { createOfflineWriter } from "./offline";
import { organizationName, possessive, withArticle } from "./offline/phrases";
import { achievementsOf } from "./resume-facts";

const RESUME = `Ada Lovelace
ada@uni.example | (212) 555-0100 | linkedin.com/in/ada
EDUCATION
Columbia University, B.A. in Economics, Expected May 2026
EXPERIENCE
Evercore — Investment Banking Summer Analyst, Jun 2025 – Aug 2025
• Built a three-statement model and DCF for a $1.2B healthcare acquisition
• Prepared 40-page pitch materials for two sell-side mandates
Columbia Investment Club
• Led a team of 6 analysts covering consumer stocks, pitching 3 ideas adopted by the fund
SKILLS
Technical: Financial Modeling, Valuation, Excel, Python, SQL`;

const sender: WriteInput["sender"] = {
  name: "Ada Lovelace",
  email: "ada@uni.example",
  university: "Columbia University",
  major: "Economics",
  graduationYear: 2026,
  resumeText: RESUME,
  // What a Class of 2026 junior asks for in March 2025: that summer's internship.
  goal: {
    seeking: "internship",
    season: "Summer",
    year: 2025,
    roles: ["analyst"],
    industries: [],
    locations: [],
    stage: "student",
  },
};

const recipient = (overrides: Partial<WriteInput["recipient"]> = {}): WriteInput["recipient"] => ({
  fullName: "Grace Hopper",
  firstName: "Grace",
  title: "Vice President, M&A",
  company: "Lazard",
  industry: "investment banking",
  location: "New York",
  university: null,
  interests: [],
  ...overrides,
});

/** A recipient the directory lists as a Columbia alum. */
const columbiaAlum = () =>
  recipient({
    university: "Columbia University",
    warmSignals: [{ kind: "school", label: "Columbia alum" }],
  });

const offline = createEmailWriter({ llm: undefined });

describe("resume facts", () => {
  it("reads the name, education, experiences with bullets and skills", () => {
    const facts = parseResumeFacts(RESUME);
    expect(facts.name).toBe("Ada Lovelace");
    expect(facts.contact_line).toContain("ada@uni.example");
    expect(facts.education[0]).toMatchObject({
      school: "Columbia University",
      major: "Economics",
      class_year: 2026,
    });
    expect(facts.experiences[0]).toMatchObject({
      employer: "Evercore",
      role: "Investment Banking Summer Analyst",
      dates: "Jun 2025 – Aug 2025",
    });
    expect(facts.experiences[0].bullets).toHaveLength(2);
    expect(facts.skills).toEqual(["Financial Modeling", "Valuation", "Excel", "Python", "SQL"]);
    expect(achievementsOf(facts)[0]).toMatchObject({
      clause: "built a three-statement model and DCF for a $1.2B healthcare acquisition",
      where: "Evercore",
    });
  });

  it("says nothing rather than quoting contact lines when the text has no achievements", () => {
    const facts = parseResumeFacts("Jane Doe\njane@x.example\nwww.jane.example");
    expect(achievementsOf(facts)).toEqual([]);
    expect(facts.name).toBe("Jane Doe");
  });
});

describe("offline writer", () => {
  it.each([
    ["Analyst", "an Analyst"],
    ["University Recruiter", "a University Recruiter"],
    ["Vice President", "a Vice President"],
    ["MBA Associate", "an MBA Associate"],
    ["VP, M&A", "a VP, M&A"],
  ])("puts the right article before %s", (title, expected) => {
    expect(withArticle(title)).toBe(expected);
  });

  it("writes the article a shared major or school needs, in every variant", async () => {
    for (let variant = 0; variant < 12; variant++) {
      const email = await offline.write({
        format: "original",
        sender,
        variant,
        recipient: recipient({
          location: "Boston",
          warmSignals: [{ kind: "major", label: "Also studied Economics" }],
        }),
      });
      expect(email.body).not.toMatch(/\ba Economics\b/);
    }
  });

  it.each([
    ["Cornell University", "Cornell"],
    ["New York University", "NYU"],
    ["Boston University", "Boston University"],
    ["University of Michigan", "University of Michigan"],
    ["Boston College", "Boston College"],
    ["The Ohio State University", "Ohio State"],
    ["Houston Community College", "Houston Community College"],
  ])("calls %s by its short name %s, never by a city's", (school, short) => {
    expect(shortSchool(school)).toBe(short);
  });

  it.each([
    ["Cornell Consulting Club", "Cornell University", "the Cornell Consulting Club"],
    ["Georgetown Center for Economic Policy", null, "the Georgetown Center for Economic Policy"],
    [
      "Northwestern Sports Analytics Group",
      "Northwestern University",
      "the Northwestern Sports Analytics Group",
    ],
    ["Lattice Strategy Group", "Northwestern University", "Lattice Strategy Group"],
    ["Neuronet Labs", null, "Neuronet Labs"],
    ["Evercore", "Columbia University", "Evercore"],
  ])("names %s (student of %s) as %s", (name, school, expected) => {
    expect(organizationName(name, school)).toBe(expected);
  });

  it("writes possessives of names ending in s the way people do", () => {
    expect(possessive("Lazard")).toBe("Lazard's");
    expect(possessive("Pinecrest Technologies")).toBe("Pinecrest Technologies'");
  });

  it("writes a warm original email that names the person, the company and real resume facts", async () => {
    const email = await offline.write({ format: "original", sender, recipient: recipient() });
    expect(email.writer).toBe("offline");
    expect(email.format_used).toBe("playful");
    expect(email.body.startsWith("Hi Grace,")).toBe(true);
    expect(email.body).toContain("Lazard");
    expect(email.body).toContain("$1.2B healthcare acquisition");
    expect(email.body).toContain("Columbia University");
    expect(email.body).toMatch(/Best,\nAda Lovelace/);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.body).not.toMatch(/\{\{|\[|undefined|null/);
  });

  it("writes a shorter, bulleted, deal-focused precision email", async () => {
    const original = await offline.write({ format: "original", sender, recipient: recipient() });
    const precision = await offline.write({ format: "precision", sender, recipient: recipient() });
    expect(precision.format_used).toBe("precision_finance");
    expect(precision.body).toMatch(
      /\n- Evercore \(Investment Banking Summer Analyst\): built a three-statement model/,
    );
    expect(precision.body).not.toMatch(/ship product/);
    expect(precision.body.length).toBeLessThan(original.body.length);
    expect(precision.subject).not.toBe(original.subject);
  });

  it("never gives two contacts the same text", async () => {
    const a = await offline.write({ format: "original", sender, recipient: recipient() });
    const b = await offline.write({
      format: "original",
      sender,
      recipient: recipient({ fullName: "Alan Turing", firstName: "Alan", company: "Moelis" }),
    });
    expect(a.body).not.toBe(b.body);
    expect(a.subject).not.toBe(b.subject);
  });

  it("opens with a shared university and styles recruiters as recruiter", async () => {
    const email = await offline.write({
      format: "original",
      sender,
      recipient: recipient({ title: "Campus Recruiter", university: "Columbia University" }),
    });
    expect(email.format_used).toBe("recruiter");
    expect(email.body.split("\n\n")[1]).toContain("Columbia");
  });

  it("opens with the school to an alum, as an alum, and names it once before the achievements", async () => {
    for (let variant = 0; variant < 12; variant++) {
      for (const format of ["original", "precision", "referral", "informational"] as const) {
        const email = await offline.write({
          format,
          sender,
          variant,
          recipient: columbiaAlum(),
          news: {
            title: "Lazard advises on a $2 billion merger",
            date: "2026-11-20",
            source: "Reuters",
            url: null,
          },
        });
        const [, opening] = email.body.split("\n\n");
        expect(opening, `${format} #${variant}`).toContain("Columbia");
        // Said to an alum: "fellow Columbia student" would call them a student.
        expect(`${email.subject}\n${email.body}`).not.toMatch(/fellow[^.\n]*student/i);
        const introduction = email.body.slice(0, email.body.indexOf("Ada Lovelace,") + 60);
        expect(introduction.split("Columbia").length - 1, `${format} #${variant}`).toBe(1);
      }
    }
  });

  it("says the contact's school was seen on their profile, and names no school the resume does not show", async () => {
    const formats = ["original", "precision", "referral", "informational", "coffee_chat"] as const;
    for (let variant = 0; variant < 6; variant++) {
      for (const format of formats) {
        const alum = await offline.write({
          format,
          sender,
          variant,
          recipient: columbiaAlum(),
        });
        const text = `${alum.subject}\n${alum.body}`;
        // The school comes from the directory's record: said as seen there, never as known.
        expect(text, `${format} #${variant}`).toMatch(
          /(on your profile|your profile says)[^.]*Columbia/i,
        );
        expect(text, `${format} #${variant}`).not.toMatch(/went to|path from there/i);
      }
    }
    // The profile names a school the resume never shows (typed by hand, applied to): no shared
    // school is claimed, in any format or phrasing.
    const elsewhere = { ...sender, university: "Stanford University" };
    for (let variant = 0; variant < 6; variant++) {
      for (const format of formats) {
        const email = await offline.write({
          format,
          sender: elsewhere,
          variant,
          recipient: recipient({
            university: "Stanford University",
            warmSignals: [{ kind: "school", label: "Stanford alum" }],
          }),
        });
        expect(`${email.subject}\n${email.body}`, `${format} #${variant}`).not.toMatch(
          /your profile|studied at Stanford|Stanford (student|alum)/i,
        );
      }
    }
  });

  it("asks for a referral to a kind of role when none is named, and to the role when one is", async () => {
    const inferred = await offline.write({ format: "referral", sender, recipient: recipient() });
    expect(inferred.body).toContain("I'm looking for a Summer 2025 analyst internship");
    expect(inferred.body).toMatch(
      /refer(ring)? me for a Summer 2025 analyst internship at Lazard[?.]/,
    );
    expect(inferred.body).not.toMatch(/(applying for|refer(ring)? me for) the\b/);
    const named = await offline.write({
      format: "referral",
      sender,
      role: "Investment Banking Summer Analyst",
      recipient: recipient(),
    });
    expect(named.body).toContain(
      "I'm applying for the Investment Banking Summer Analyst role at Lazard",
    );
    expect(named.body).toMatch(
      /refer(ring)? me for the Investment Banking Summer Analyst role[?.]/,
    );
  });

  it("offers coffee only in a shared city; elsewhere a 15-minute call, with the goal said", async () => {
    for (const variant of [0, 1]) {
      const far = await offline.write({
        format: "coffee_chat",
        sender,
        recipient: recipient(),
        variant,
      });
      expect(far.body).not.toMatch(/coffee/i);
      expect(far.subject).not.toMatch(/coffee/i);
      expect(far.body).toMatch(/15-minute call or video chat|quick video chat/);
      expect(far.body).toContain("I'm looking for a Summer 2025 analyst internship");
      const near = await offline.write({
        format: "coffee_chat",
        sender,
        recipient: recipient({
          warmSignals: [{ kind: "location", label: "Also in New York" }],
        }),
        variant,
      });
      expect(near.body).toMatch(/coffee/i);
      expect(near.body).toContain("New York");
    }
  });

  it("asks a recruiter about the role and the process, never for a referral or their path", async () => {
    const campus = recipient({ title: "University Recruiter" });
    for (const variant of [0, 1, 2, 3]) {
      const referral = await offline.write({
        format: "referral",
        sender,
        role: "Investment Banking Summer Analyst",
        recipient: campus,
        variant,
      });
      expect(referral.body).not.toMatch(/\brefer(ring|ral)?\b/i);
      expect(referral.subject).not.toMatch(/referral/i);
      expect(referral.body).toMatch(/process/);
      const info = await offline.write({
        format: "informational",
        sender,
        recipient: campus,
        variant,
      });
      expect(info.body).not.toMatch(/how you got into your role/);
    }
    const employee = await offline.write({
      format: "referral",
      sender,
      role: "Investment Banking Summer Analyst",
      recipient: recipient(),
    });
    expect(employee.body).toMatch(/refer(ring)? me for/);
  });

  it("congratulates a founder on the round and keeps a custom intro verbatim", async () => {
    const email = await offline.write({
      format: "original",
      sender,
      recipient: recipient({
        title: "Co-Founder & CEO",
        company: "Nimbus Labs",
        industry: "software",
      }),
      startup: {
        orgName: "Nimbus Labs",
        orgUrl: "https://nimbus.example",
        fundingType: "Series A",
        moneyRaised: "$12M",
        announcedDate: "2025-03-01",
        location: "Boston",
      },
    });
    expect(email.format_used).toBe("founder");
    expect(email.body).toContain(
      "Congratulations on Nimbus Labs' Series A and the $12M behind it.",
    );

    const custom = await offline.write({
      format: "precision",
      sender,
      recipient: recipient(),
      customIntro: "We met at the Columbia finance conference last week.",
    });
    expect(custom.body).toContain("We met at the Columbia finance conference last week.");
  });
});

describe("LLM writer", () => {
  let llm: FakeLlm;
  let baseUrl: string;
  let mode: "ok" | "words" | "garbage" | "slow" | "stall" | "stall-short" | "cut" | "length" = "ok";
  // The model's answer in the pieces a provider streams: the subject line, then the body.
  const STREAMED = [
    "Subject: Columbia economics student, a question for you\n\n",
    "Hi Grace,\n\nI'm Ada, studying Economics at Columbia. ",
    "Last summer at Evercore I built a DCF for a $1.2B acquisition. ",
    "Would you have 15 minutes to talk about Lazard's M&A team? My resume is attached.\n\nBest,\nAda Lovelace",
  ];
  let lastRequest: {
    response_format: { type: string };
    messages: Array<{ content: string }>;
  } | null = null;

  beforeAll(async () => {
    llm = await startFakeLlm((body, _request, response) => {
      lastRequest = body;
      if (mode === "slow") return; // never answers: the writer's timeout must fire
      if (body.stream) {
        if (mode === "stall") return stallChat(response, STREAMED.slice(0, 3));
        if (mode === "stall-short") return stallChat(response, STREAMED.slice(0, 2));
        if (mode === "cut") return cutChat(response, STREAMED.slice(0, 3));
        if (mode === "length") return streamChat(body, response, STREAMED.slice(0, 3), "length");
        // Word by word, as a model's tokens come.
        if (mode === "words") return streamChat(body, response, STREAMED.join("").split(/(?=\s)/));
        return streamChat(body, response, STREAMED);
      }
      const content =
        mode === "ok"
          ? JSON.stringify({
              subject: "Economics student at Columbia: a question for you, Grace",
              body: "Hi Grace,\n\nI'm Ada, studying Economics at Columbia. Last summer I built a DCF for a $1.2B acquisition at Evercore. Would you have 15 minutes to talk about Lazard's M&A team? My resume is attached.\n\nBest,\nAda Lovelace",
            })
          : "Sure! Here is an email: Hi Grace...";
      sendJson(response, chatCompletion(content, "test-model"));
    });
    baseUrl = llm.baseUrl;
  });
  afterAll(() => llm.close());

  // A generous timeout where the answer must win, even on a busy machine; a short one for the test of it.
  const llmWriter = (timeoutMs = 10_000) =>
    createEmailWriter({ llm: { baseUrl, apiKey: "test-key", model: "test-model", timeoutMs } });

  it("uses the model's structured answer and sends it the resume and the contact", async () => {
    mode = "ok";
    const email = await llmWriter().write({ format: "original", sender, recipient: recipient() });
    expect(email).toMatchObject({ writer: "llm", format_used: "playful" });
    expect(email.body).toContain("Lazard's M&A team");
    const request = lastRequest!;
    expect(request.response_format.type).toBe("json_schema");
    expect(request.messages[1].content).toContain("three-statement model");
    expect(request.messages[1].content).toContain("Lazard");
  });

  it("falls back loudly when the answer is not the JSON asked for: reason, warning, counters", async () => {
    mode = "garbage";
    resetLlmStats();
    const warnings: unknown[] = [];
    const writer = createEmailWriter(
      { llm: { baseUrl, apiKey: "secret-test-key", model: "test-model", timeoutMs: 10_000 } },
      { warn: (...args: unknown[]) => warnings.push(args) },
    );
    const email = await writer.write({ format: "precision", sender, recipient: recipient() });
    expect(email.writer).toBe("offline");
    expect(email.fallback_reason).toBe("invalid_answer");
    expect(email.format_used).toBe("precision_finance");
    expect(llmStats()).toMatchObject({ calls: 1, failures: 0, fallbacks: 1 });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain("secret-test-key");
    expect(JSON.stringify(warnings)).toContain("invalid_answer");
  });

  it("streams the model's words as they come, subject first, and checks the finished email", async () => {
    mode = "ok";
    const deltas: Array<{ field: string; text: string }> = [];
    const email = await llmWriter().stream(
      { format: "informational", sender, recipient: recipient() },
      (delta) => deltas.push(delta),
    );
    expect(email).toMatchObject({ writer: "llm", format_used: "informational" });
    expect(email.subject).toBe("Columbia economics student, a question for you");
    expect(deltas[0]).toEqual({ field: "subject", text: email.subject });
    expect(deltas.length).toBeGreaterThan(2);
    expect(
      deltas
        .filter((d) => d.field === "body")
        .map((d) => d.text)
        .join("")
        .trim(),
    ).toBe(email.body);
  });

  it("shows the subject's first words before its line ends, each subject delta the subject so far", async () => {
    mode = "words";
    const deltas: Array<{ field: string; text: string }> = [];
    const email = await llmWriter().stream(
      { format: "informational", sender, recipient: recipient() },
      (delta) => deltas.push(delta),
    );
    expect(email).toMatchObject({ writer: "llm" });
    const subjects = deltas.filter((d) => d.field === "subject").map((d) => d.text);
    expect(subjects[0]).toBe("Columbia");
    expect(subjects.slice(0, 3)).toEqual([
      "Columbia",
      "Columbia economics",
      "Columbia economics student,",
    ]);
    expect(subjects.at(-1)).toBe(email.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    // Every subject delta comes before the body's first.
    const firstBody = deltas.findIndex((d) => d.field === "body");
    expect(deltas.slice(firstBody).every((d) => d.field === "body")).toBe(true);
    expect(
      deltas
        .filter((d) => d.field === "body")
        .map((d) => d.text)
        .join("")
        .trim(),
    ).toBe(email.body);
  });

  it("answers a stalled stream with the offline email labelled timeout, not the greeting so far", async () => {
    // Three pieces make 80+ characters that greet Grace: before issue 37 they were the "AI" email.
    mode = "stall";
    const email = await llmWriter(1500).stream(
      { format: "informational", sender, recipient: recipient() },
      () => {},
    );
    expect(email).toMatchObject({ writer: "offline", fallback_reason: "timeout" });
    const offline = await createOfflineWriter().write({
      format: "informational",
      sender,
      recipient: recipient(),
    });
    expect({ subject: email.subject, body: email.body }).toEqual({
      subject: offline.subject,
      body: offline.body,
    });
  });

  it("names a short stalled stream a timeout too, not an invalid answer", async () => {
    mode = "stall-short";
    const email = await llmWriter(1500).stream(
      { format: "informational", sender, recipient: recipient() },
      () => {},
    );
    expect(email).toMatchObject({ writer: "offline", fallback_reason: "timeout" });
  });

  it("answers a stream cut mid-answer with the offline email, the model named unavailable", async () => {
    mode = "cut";
    const email = await llmWriter().stream(
      { format: "informational", sender, recipient: recipient() },
      () => {},
    );
    expect(email).toMatchObject({ writer: "offline", fallback_reason: "unavailable" });
  });

  it("refuses an answer the model stopped at its length limit", async () => {
    mode = "length";
    const email = await llmWriter().stream(
      { format: "informational", sender, recipient: recipient() },
      () => {},
    );
    expect(email).toMatchObject({ writer: "offline", fallback_reason: "invalid_answer" });
  });

  it("falls back to the offline writer on timeout", async () => {
    mode = "slow";
    const started = Date.now();
    const email = await llmWriter(500).write({
      format: "original",
      sender,
      recipient: recipient(),
    });
    expect(email.writer).toBe("offline");
    expect(email.fallback_reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
