import type { EmailFormat } from "@reachout/contract/constants";
import type { BulkSendResponse } from "@reachout/contract/emails";
import type { BulkItem } from "./bulk-email-item";
import type { EmailContact } from "./email-contact";
import { NO_FOLLOW_UPS } from "./sequence-picker";

export interface Outcome {
  mode: "send" | "schedule";
  success: string[];
  failed: Array<{ name: string; reason: string }>;
}

export interface Count {
  current: number;
  total: number;
}

/** Everything the bulk email dialog holds between renders. */
export interface BulkState {
  items: BulkItem[];
  format: EmailFormat;
  generating: Count | null;
  phase: "compose" | "running" | "done";
  progress: Count;
  /** With follow-ups: who was enrolled and who was not. */
  outcome: Outcome | null;
  /** Without follow-ups the emails go on the mailbox's line in one request: when each leaves. */
  line: { answer: BulkSendResponse; scheduled: boolean } | null;
  blocked: string | null;
  sequenceValue: string;
  /** Send All asks once more inline; Schedule All opens the time picker. */
  confirming: "send" | "schedule" | null;
}

export type BulkAction =
  | { type: "opened"; contacts: EmailContact[] }
  | { type: "item-changed"; id: string; change: Partial<BulkItem> }
  | { type: "format-chosen"; format: EmailFormat }
  | { type: "generating"; count: Count | null }
  | { type: "blocked"; message: string | null }
  | { type: "progressed"; progress: Count }
  | { type: "queued"; line: NonNullable<BulkState["line"]> }
  | { type: "run-abandoned" }
  | { type: "finished"; outcome: Outcome }
  | { type: "sequence-chosen"; value: string }
  | { type: "confirming"; confirming: BulkState["confirming"] };

export const NO_BULK: BulkState = {
  items: [],
  format: "original",
  generating: null,
  phase: "compose",
  progress: { current: 0, total: 0 },
  outcome: null,
  line: null,
  blocked: null,
  sequenceValue: NO_FOLLOW_UPS,
  confirming: null,
};

export const isReady = (item: BulkItem) =>
  item.state === "ready" && item.subject.trim().length > 0 && item.body.trim().length > 0;

export function bulk(state: BulkState, action: BulkAction): BulkState {
  switch (action.type) {
    case "opened":
      return {
        ...state,
        items: action.contacts.map((contact) => ({
          contact,
          state: "pending",
          subject: "",
          body: "",
        })),
        phase: "compose",
        outcome: null,
        line: null,
        blocked: null,
        generating: null,
        sequenceValue: NO_FOLLOW_UPS,
      };
    case "item-changed":
      return {
        ...state,
        items: state.items.map((item) =>
          item.contact.id === action.id ? { ...item, ...action.change } : item,
        ),
      };
    case "format-chosen":
      return { ...state, format: action.format };
    case "generating":
      return { ...state, generating: action.count };
    case "blocked":
      return { ...state, blocked: action.message };
    case "progressed":
      return { ...state, phase: "running", progress: action.progress };
    case "queued":
      return { ...state, phase: "done", line: action.line };
    case "run-abandoned":
      return { ...state, phase: "compose" };
    case "finished":
      return { ...state, phase: "done", outcome: action.outcome };
    case "sequence-chosen":
      return { ...state, sequenceValue: action.value };
    case "confirming":
      return { ...state, confirming: action.confirming };
  }
}
