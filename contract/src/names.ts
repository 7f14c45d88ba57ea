/**
 * The first name of a full name: its first word ("Ada King Lovelace" → "Ada"); "" for a blank
 * name. The one place server and web derive a first name, so greetings agree everywhere.
 */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** A person's own first name when one is stored, else the first word of the full name. */
export function givenNameOf(person: { firstName?: string | null; fullName: string }): string {
  return person.firstName?.trim() || firstNameOf(person.fullName);
}

/**
 * A connected mailbox's name in the student's words: "Outlook" for a Microsoft mailbox, else
 * "Gmail" (also while nothing is connected: Gmail is the default way to connect). The one place
 * server and web name the provider, so every message agrees.
 */
export function mailboxName(provider: string | null | undefined): "Gmail" | "Outlook" {
  return provider === "microsoft" ? "Outlook" : "Gmail";
}
