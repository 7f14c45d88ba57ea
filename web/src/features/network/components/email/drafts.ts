import { LOCAL_KEYS } from "@reachout/contract/constants";

export interface Draft {
  subject: string;
  body: string;
}

const keyOf = (contactId: string) => `${LOCAL_KEYS.draftPrefix}${contactId}`;

/** The draft kept in this browser for a contact; it wins over the server's suggestion. */
export function loadDraft(contactId: string): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(contactId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.subject !== "string" || typeof value.body !== "string") return null;
    return { subject: value.subject, body: value.body };
  } catch {
    return null;
  }
}

/** Saved on every change; an empty draft is removed rather than kept. */
export function saveDraft(contactId: string, draft: Draft): void {
  if (!draft.subject.trim() && !draft.body.trim()) {
    localStorage.removeItem(keyOf(contactId));
    return;
  }
  localStorage.setItem(keyOf(contactId), JSON.stringify(draft));
}

export function clearDraft(contactId: string): void {
  localStorage.removeItem(keyOf(contactId));
}
