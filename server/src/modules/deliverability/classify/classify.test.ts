import { gmailPayloadFromRaw } from "@reachout/sandbox";
import { describe, expect, it } from "vitest";
import type { GmailMessage } from "../../../integrations/gmail";
import { stripQuotedReply } from "../../emails/sync";
import { classifyInbound, factsOfGmail, readOptOut, readReturnDate } from ".";
import {
  AUTO_REPLY_SAMPLES,
  DSN_SAMPLES,
  type InboundSample,
  OPT_OUT_SAMPLES,
  RECEIVED_AT,
  REPLY_SAMPLES,
} from "./fixtures/samples";

/** The sample as the sync sees it: Gmail's API resource (format=full) of that RFC 822 source. */
async function classify(sample: InboundSample) {
  const payload = await gmailPayloadFromRaw(sample.raw.replace(/\n/g, "\r\n"));
  const message = { id: "m1", threadId: "t1", payload } as GmailMessage;
  const facts = factsOfGmail(message);
  const text = facts.parts.find((p) => p.mimeType === "text/plain")?.text ?? "";
  return classifyInbound(facts, stripQuotedReply(text), RECEIVED_AT);
}

/** Jane's plain-text answer to Ada's email, with this text. */
const classifyJanesReply = (text: string) =>
  classify({
    name: "Jane's reply",
    expected: { kind: "reply" },
    raw: `From: Jane Doe <jane.doe@northbridge.example>
To: ada@gmail.example
Subject: Re: Internship
Content-Type: text/plain

${text}`,
  });

describe("delivery-status notifications", () => {
  it.each(DSN_SAMPLES.map((s) => [s.name, s] as const))("%s", async (_name, sample) => {
    const verdict = await classify(sample);
    const expected = sample.expected as Extract<InboundSample["expected"], { status: string }>;
    expect(verdict.kind).toBe(expected.kind);
    if (verdict.kind !== "bounce" && verdict.kind !== "delay") return;
    expect(verdict.status).toBe(expected.status);
    expect(verdict.recipients).toEqual([expected.recipient]);
    expect(verdict.recipient).toBe(expected.recipient);
    if (expected.originalMessageId) {
      expect(verdict.originalMessageId).toBe(expected.originalMessageId);
    }
    expect(verdict.note).toContain(expected.status);
  });
});

describe("automatic replies", () => {
  it.each(AUTO_REPLY_SAMPLES.map((s) => [s.name, s] as const))("%s", async (_name, sample) => {
    const verdict = await classify(sample);
    expect(verdict.kind).toBe("auto_reply");
    if (verdict.kind !== "auto_reply" || sample.expected.kind !== "auto_reply") return;
    expect(verdict.returnsAt?.toISOString().slice(0, 10) ?? null).toBe(
      sample.expected.returnsOn ?? null,
    );
  });

  it("reads a return date without a year as the next such day", () => {
    const text = "I'm away and back on January 5.";
    expect(readReturnDate(text, RECEIVED_AT)?.toISOString().slice(0, 10)).toBe("2027-01-05");
  });

  it("finds no return date where the text gives none", () => {
    expect(readReturnDate("We will get back to you within 5 business days.", RECEIVED_AT)).toBe(
      null,
    );
  });
});

describe("people's replies", () => {
  it.each(REPLY_SAMPLES.map((s) => [s.name, s] as const))("%s is a reply", async (_n, sample) => {
    expect((await classify(sample)).kind).toBe("reply");
  });
});

describe("opt-out requests", () => {
  it.each(OPT_OUT_SAMPLES.map((s) => [s.text, s] as const))("%s", (_text, sample) => {
    expect(readOptOut(sample.text)?.phrase ?? null).toBe(sample.phrase);
  });

  it("reads only the new text of a reply, not the quoted email below it", async () => {
    const verdict = await classifyJanesReply(`Sure, let's talk Thursday.

On Tue, Nov 24, 2026 at 10:00 AM Ada Lovelace <ada@gmail.example> wrote:
> If you'd rather I stop emailing me... please remove me from your list, I mean you
`);
    expect(verdict.kind).toBe("reply");
  });

  it("marks an opt-out reply and says which words asked it", async () => {
    const verdict = await classifyJanesReply("Please remove me from your list.\n");
    expect(verdict).toMatchObject({ kind: "opt_out", phrase: "Please remove me from your list." });
    if (verdict.kind === "opt_out") expect(verdict.note).toContain("Please remove me");
  });
});
