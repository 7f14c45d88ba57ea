import type { GeneratedEmail } from "@reachout/contract/emails";
import type { WriterFormat } from "@reachout/contract/writer";
import type { Draft } from "./drafts";

/** The last generated email's format and source, shown under the buttons. */
export type ShownEmail = Pick<
  GeneratedEmail,
  "writer" | "fallback_reason" | "sender_name_missing" | "written_as"
> & {
  format: WriterFormat;
};

/**
 * A referral, thank-you or career-fair note the server could not write without the student's
 * words: the dialog asks for them in one line.
 */
export interface WriterQuestion {
  format: WriterFormat;
  question: string;
}

/** Everything the single-contact email dialog holds between renders. */
export interface ComposeState extends Draft {
  error: string | null;
  generating: WriterFormat | null;
  shown: ShownEmail | null;
  /** The writer format of the text in the fields (insights count replies by it); own text: null. */
  format: WriterFormat | null;
  sentEmailId: string | null;
  asking: WriterQuestion | null;
  /** What the student typed in answer to `asking` (kept when the question goes and comes back). */
  answer: { text: string; topic: string };
  senderName: string;
  /** The dialog opened over this one. */
  over: "schedule" | "follow-ups" | null;
}

export type ComposeAction =
  /** The dialog opened on a contact: its draft (local, or the suggestion) once there is one. */
  | { type: "opened"; draft: Draft | null }
  | { type: "edited"; draft: Draft }
  | { type: "generation-started"; format: WriterFormat }
  | { type: "streamed"; draft: Draft }
  | { type: "generated"; shown: ShownEmail }
  /** Nothing was written: the fields go back to the draft they held, and the question is asked. */
  | { type: "asked"; question: WriterQuestion; draft: Draft }
  | { type: "generation-ended" }
  | { type: "failed"; error: string }
  /** Sent (or recorded as sent from copy mode): the fields empty, the application link shows. */
  | { type: "sent"; emailId: string | null }
  | { type: "emptied" }
  | { type: "answered"; answer: ComposeState["answer"] }
  | { type: "sender-name-changed"; name: string }
  | { type: "over"; over: ComposeState["over"] };

export const NOTHING_COMPOSED: ComposeState = {
  subject: "",
  body: "",
  error: null,
  generating: null,
  shown: null,
  format: null,
  sentEmailId: null,
  asking: null,
  answer: { text: "", topic: "" },
  senderName: "",
  over: null,
};

export function compose(state: ComposeState, action: ComposeAction): ComposeState {
  switch (action.type) {
    case "opened":
      return {
        ...state,
        ...(action.draft ?? {}),
        format: null,
        sentEmailId: null,
        error: null,
        shown: null,
      };
    case "edited":
      return { ...state, ...action.draft, error: null };
    case "generation-started":
      return { ...state, generating: action.format, shown: null };
    case "streamed":
      return { ...state, ...action.draft };
    case "generated":
      return { ...state, asking: null, format: action.shown.format, shown: action.shown };
    case "asked":
      return { ...state, ...action.draft, asking: action.question };
    case "generation-ended":
      return { ...state, generating: null };
    case "failed":
      return { ...state, error: action.error };
    case "sent":
      return { ...state, sentEmailId: action.emailId, subject: "", body: "" };
    case "emptied":
      return { ...state, subject: "", body: "" };
    case "answered":
      return { ...state, answer: action.answer };
    case "sender-name-changed":
      return { ...state, senderName: action.name };
    case "over":
      return { ...state, over: action.over };
  }
}
