import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESUME_TEXT } from "../../../../tests/factories";
import {
  chatCompletion,
  type FakeLlm,
  OVERLOADED,
  sendJson,
  startFakeLlm,
} from "../../../../tests/fake-llm";
import { llmStats, resetLlmStats } from "../../../integrations/llm";
import { parseResumeFacts } from "../../resumes/facts";
import { createFollowUpWriter } from ".";
import type { SequenceFollowUpInput } from "./follow-up";

const FIRST_EMAIL = {
  subject: "Columbia economics student, a question about Lazard M&A",
  body: "Hi Grace,\n\nI'm Ada, an Economics student at Columbia. Last summer at Evercore I built a three-statement model and DCF for a $1.2B healthcare acquisition, and I would love to hear how your team at Lazard approaches sell-side work. Would you have 15 minutes in the next few weeks? My resume is attached.\n\nBest,\nAda Lovelace",
};

const input = (overrides: Partial<SequenceFollowUpInput> = {}): SequenceFollowUpInput => ({
  kind: "new_angle",
  position: 2,
  angle: 0,
  firstName: "Grace",
  company: "Lazard",
  senderName: "Ada Lovelace",
  firstEmail: FIRST_EMAIL,
  resume: parseResumeFacts(RESUME_TEXT),
  ...overrides,
});

const GOOD =
  "Hi Grace,\n\nOne thing I left out of my earlier note: at Evercore I also prepared 40-page pitch materials for two sell-side mandates, which is exactly the kind of work I hope to learn more about on Lazard's team. If a short call is hard to fit in, a pointer to someone else on the team would help just as much.\n\nBest,\nAda Lovelace";

describe("the LLM writer of a sequence's follow-ups", () => {
  let llm: FakeLlm;
  let baseUrl: string;
  /** What the fake model answers: a body, or an HTTP status it fails with. */
  let answer: { body: string } | { status: number } = { body: GOOD };
  let requests: Array<{
    messages: Array<{ content: string }>;
    response_format: { json_schema: { schema: unknown } };
  }> = [];

  beforeAll(async () => {
    llm = await startFakeLlm((body, _request, response) => {
      requests.push(body);
      if ("status" in answer) sendJson(response, OVERLOADED, answer.status);
      else sendJson(response, chatCompletion(JSON.stringify({ body: answer.body }), "test-model"));
    });
    baseUrl = llm.baseUrl;
  });
  afterAll(() => llm.close());
  beforeEach(() => {
    requests = [];
    resetLlmStats();
  });

  const warnings: unknown[] = [];
  const writer = () =>
    createFollowUpWriter(
      { llm: { baseUrl, apiKey: "secret-test-key", model: "test-model", timeoutMs: 10_000 } },
      { warn: (...args: unknown[]) => warnings.push(args) },
    );

  it("writes with the model, from the first email, the kind of step and the resume facts", async () => {
    answer = { body: GOOD };
    const written = await writer().write(input());
    expect(written).toEqual({
      subject: `Re: ${FIRST_EMAIL.subject}`,
      body: GOOD,
      writer: "llm",
    });
    expect(requests).toHaveLength(1);
    const [system, user] = requests[0].messages.map((m) => m.content);
    expect(system).toContain("never repeats it");
    expect(system).toContain("Use only the facts given");
    expect(user).toContain("Kind NEW ANGLE");
    expect(user).toContain(JSON.stringify(FIRST_EMAIL.subject));
    expect(user).toContain("Last summer at Evercore I built a three-statement model");
    expect(user).toContain("Prepared 40-page pitch materials");
    // The fact this new angle adds is chosen for the model: one the first email did not use.
    expect(user).toContain(
      '"new_fact": {\n    "kind": "experience",\n    "where": "Evercore",\n    "fact": "prepared 40-page pitch materials for two sell-side mandates"',
    );
    expect(user).toContain('"name": "Ada Lovelace"');
    // The model writes the body only: the subject is the thread's, set by the sequence.
    expect(requests[0].response_format.json_schema.schema).toMatchObject({
      required: ["body"],
    });
  });

  it("asks for a bump, a new angle or a close as the step says", async () => {
    answer = { body: GOOD };
    await writer().write(input({ kind: "bump", position: 1 }));
    await writer().write(input({ kind: "close", position: 3 }));
    expect(requests[0].messages[1].content).toContain("Kind BUMP");
    expect(requests[1].messages[1].content).toContain("Kind CLOSE");
    expect(requests[1].messages[1].content).toContain("this is the last follow-up");
  });

  it("falls back to the offline writer with the reason when the model fails", async () => {
    answer = { status: 500 };
    warnings.length = 0;
    const written = await writer().write(input({ kind: "bump", position: 1 }));
    expect(written).toMatchObject({
      subject: `Re: ${FIRST_EMAIL.subject}`,
      writer: "offline",
      fallback_reason: "unavailable",
    });
    expect(written.body).toContain("my earlier note back to the top of your inbox");
    expect(llmStats()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
    expect(JSON.stringify(warnings)).toContain("unavailable");
    expect(JSON.stringify(warnings)).not.toContain("secret-test-key");
  });

  it.each([
    [
      "repeats the first email",
      "repeated the first email",
      "Hi Grace,\n\nJust following up. Last summer at Evercore I built a three-statement model and DCF for a $1.2B healthcare acquisition, and I still hope to hear from you about the team and its work.\n\nBest,\nAda Lovelace",
    ],
    [
      "invents a placeholder",
      "had a placeholder",
      "Hi Grace,\n\nOne thing I left out of my earlier note: I led [PROJECT NAME] last year, which is the kind of work I hope to learn more about on Lazard's team. If a short call is hard to fit in, a pointer to someone else would help.\n\nBest,\nAda Lovelace",
    ],
    [
      "invents a number",
      "a number the resume does not give (75)",
      "Hi Grace,\n\nOne thing I left out of my earlier note: at Evercore I also prepared 75 pitch books for sell-side mandates, which is the kind of work I hope to learn more about on Lazard's team. If a short call is hard to fit in, a pointer to someone else would help.\n\nBest,\nAda Lovelace",
    ],
    [
      "signs with another name",
      "was not signed with the student's name",
      "Hi Grace,\n\nOne thing I left out of my earlier note: at Evercore I also prepared 40-page pitch materials for two sell-side mandates, which is the kind of work I hope to learn more about on Lazard's team. If a short call is hard to fit in, a pointer to someone else would help.\n\nBest,\nAda L.",
    ],
    [
      "mentions an attachment",
      "mentioned an attachment",
      "Hi Grace,\n\nOne thing I left out of my earlier note: at Evercore I also prepared 40-page pitch materials for two sell-side mandates. I have attached my resume again in case it helps, and a pointer to someone else on the team would help just as much.\n\nBest,\nAda Lovelace",
    ],
    [
      "says the first email is below it",
      "placed the first email below it",
      "Hi Grace,\n\nOne thing I left out of my note below: at Evercore I also prepared 40-page pitch materials for two sell-side mandates, which is exactly the kind of work I hope to learn more about on Lazard's team. If a short call is hard to fit in, a pointer would help.\n\nBest,\nAda Lovelace",
    ],
    ["is too short", "had 7 words", "Hi Grace,\n\nAny news?\n\nBest,\nAda Lovelace"],
  ])("refuses a follow-up that %s and writes the offline one instead", async (_, why, body) => {
    answer = { body };
    warnings.length = 0;
    const written = await writer().write(input());
    expect(JSON.stringify(warnings)).toContain(why);
    expect(written).toMatchObject({ writer: "offline", fallback_reason: "invalid_answer" });
    expect(written.body).not.toBe(body);
    expect(written.body).toMatch(
      /^Hi Grace,\n\nOne thing I didn't mention in my earlier note: at Evercore, I also prepared 40-page pitch materials for two sell-side mandates\. /,
    );
  });

  it("signs without a name when the student's is not known, and refuses an invented one", async () => {
    const unsigned = GOOD.replace("Best,\nAda Lovelace", "Best,");
    answer = { body: unsigned };
    expect(await writer().write(input({ senderName: "" }))).toMatchObject({
      writer: "llm",
      body: unsigned,
    });
    answer = { body: GOOD.replace("Ada Lovelace", "Alex") };
    expect(await writer().write(input({ senderName: "" }))).toMatchObject({
      writer: "offline",
      fallback_reason: "invalid_answer",
    });
  });

  it("does not call the model once the deadline has passed", async () => {
    answer = { body: GOOD };
    const written = await writer().write(input(), { deadline: Date.now() - 1 });
    expect(written).toMatchObject({ writer: "offline", fallback_reason: "timeout" });
    expect(requests).toHaveLength(0);
  });

  it("is the offline writer alone without an LLM configured", async () => {
    const written = await createFollowUpWriter({ llm: undefined }).write(input());
    expect(written.writer).toBe("offline");
    expect(written.fallback_reason).toBeUndefined();
    expect(requests).toHaveLength(0);
  });
});
