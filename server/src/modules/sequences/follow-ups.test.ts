import { describe, expect, it } from "vitest";
import { RESUME_TEXT } from "../../../tests/factories";
import { until } from "../../../tests/until";
import { createFollowUpWriter, type FollowUpWriter } from "../emails";
import {
  followUpContext,
  WRITING_CONCURRENCY,
  writeFollowUpFor,
  writeFollowUps,
} from "./follow-ups";

const grace = { first_name: "Grace", full_name: "Grace Hopper", company: "Northwind" };
const first = { subject: "Summer analyst question", body: "Hi Grace, ..." };
const offline = createFollowUpWriter({ llm: undefined });

describe("a sequence's follow-ups", () => {
  it("are signed with the student's name, or without one, never with the address", async () => {
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
      const written = await writeFollowUpFor(offline, {
        context: unnamed,
        contact: grace,
        steps: [{ wait_minutes: 1, email_format: kind }],
        position: 1,
        firstEmail: first,
      });
      expect(written).toMatchObject({ subject: "Re: Summer analyst question", writer: "offline" });
      expect(written.fallback_reason).toBeUndefined();
      expect(written.body).not.toMatch(/Mwukmamy/i);
      expect(written.body.trim()).toMatch(/,$/);
    }
    const named = await writeFollowUpFor(offline, {
      context: { ...unnamed, senderName: "Maya Chen" },
      contact: grace,
      steps: [{ wait_minutes: 1, email_format: "bump" }],
      position: 1,
      firstEmail: first,
    });
    expect(named.body.trim()).toMatch(/Thank you,\nMaya Chen$/);
  });
});

describe("a sequence's new angles", () => {
  it("each add a different resume fact, however many steps come between them", async () => {
    const context = followUpContext({
      name: "Ada Lovelace",
      email: null,
      university: null,
      major: null,
      graduationYear: null,
      resumeText: RESUME_TEXT,
    });
    const steps = [
      { wait_minutes: 1, email_format: "new_angle" as const },
      { wait_minutes: 1, email_format: "bump" as const },
      { wait_minutes: 1, email_format: "new_angle" as const },
    ];
    const angle = (position: number) =>
      writeFollowUpFor(offline, { context, contact: grace, steps, position, firstEmail: first });
    expect((await angle(1)).body).toContain(
      "at Evercore, I built a three-statement model and DCF for a $1.2B healthcare acquisition.",
    );
    expect((await angle(3)).body).toContain(
      "at Evercore, I prepared 40-page pitch materials for two sell-side mandates.",
    );
  });
});

describe("writing many follow-ups", () => {
  const context = followUpContext({
    name: "Maya Chen",
    email: null,
    university: null,
    major: null,
    graduationYear: null,
    resumeText: "",
  });
  const many = Array.from({ length: 10 }, (_, i) => ({
    context,
    contact: { ...grace, company: `Company ${i}` },
    steps: [{ wait_minutes: 1, email_format: "bump" as const }],
    position: 1,
    firstEmail: first,
  }));

  it("writes a few side by side, in order, all before one deadline", async () => {
    let inFlight = 0;
    let most = 0;
    const deadlines = new Set<number | undefined>();
    // The writes hold until the test lets them go: the count measures how many the pool starts
    // at once, not how fast a model answers.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: FollowUpWriter = {
      async write(input, options) {
        deadlines.add(options?.deadline);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await released;
        inFlight -= 1;
        return { subject: "Re: x", body: input.company ?? "", writer: "llm" };
      },
    };
    const started = Date.now();
    const writing = writeFollowUps(slow, many, 60_000);
    await until("the first writes under way", () => inFlight >= WRITING_CONCURRENCY, 2000, 5);
    release();
    const written = await writing;
    expect(written.map((w) => w.body)).toEqual(many.map((m) => m.contact.company));
    expect(most).toBe(WRITING_CONCURRENCY);
    expect(deadlines.size).toBe(1);
    const [deadline] = [...deadlines] as number[];
    expect(deadline).toBeGreaterThanOrEqual(started + 60_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});
