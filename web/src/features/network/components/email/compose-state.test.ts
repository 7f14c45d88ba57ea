import { describe, expect, it } from "vitest";
import { type ComposeState, compose, NOTHING_COMPOSED } from "./compose-state";

const written: ComposeState = {
  ...NOTHING_COMPOSED,
  subject: "Hello",
  body: "Dear Ada",
  format: "original",
  sentEmailId: "email-1",
  error: "Sending failed",
  shown: { format: "original", writer: "llm", fallback_reason: null, sender_name_missing: false },
};

describe("compose", () => {
  it("opens on a contact with its draft and forgets the last email's format, link and notices", () => {
    const state = compose(written, { type: "opened", draft: { subject: "Hi", body: "Body" } });

    expect(state).toMatchObject({ subject: "Hi", body: "Body", format: null, sentEmailId: null });
    expect(state.error).toBeNull();
    expect(state.shown).toBeNull();
  });

  it("keeps the fields while no draft has arrived yet", () => {
    const state = compose(written, { type: "opened", draft: null });

    expect(state).toMatchObject({ subject: "Hello", body: "Dear Ada" });
  });

  it("puts back the draft held before writing when the writer asks a question", () => {
    const streaming = compose(
      compose(written, { type: "generation-started", format: "referral" }),
      {
        type: "streamed",
        draft: { subject: "Referral", body: "Half a" },
      },
    );

    const state = compose(streaming, {
      type: "asked",
      question: { format: "referral", question: "Which role?" },
      draft: { subject: "Hello", body: "Dear Ada" },
    });

    expect(state).toMatchObject({ subject: "Hello", body: "Dear Ada", generating: "referral" });
    expect(state.asking).toEqual({ format: "referral", question: "Which role?" });
  });

  it("empties the fields once sent and remembers the email for its application link", () => {
    const state = compose(written, { type: "sent", emailId: "email-2" });

    expect(state).toMatchObject({ subject: "", body: "", sentEmailId: "email-2" });
  });
});
