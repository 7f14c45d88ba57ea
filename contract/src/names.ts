/**
 * The first name of a full name: its first word ("Ada King Lovelace" → "Ada"); "" for a blank
 * name. The one place server and web derive a first name, so greetings agree everywhere.
 */
export function firstNameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  // "Dr. Anil Mehrotra", "Ms. Lee Park": the title is not the name.
  const named = words.length > 1 && HONORIFIC.test(words[0]) ? words.slice(1) : words;
  return named[0]?.replace(/,$/, "") ?? "";
}

/** Titles written before a name. */
const HONORIFIC = /^(dr|prof|professor|mr|mrs|ms|mx|miss|sir|rev)\.?$/i;

/**
 * How a cold email greets someone whose name carries an academic title: "Dr. Mehrotra" for
 * "Dr. Anil Mehrotra" (a first name would be too familiar); null for anyone else.
 */
export function titledGreetingOf(fullName: string): string | null {
  const words = fullName.trim().split(/\s+/);
  const title = /^(dr|prof|professor)\.?$/i.exec(words[0] ?? "")?.[1];
  if (!title || words.length < 3) return null;
  const last = words.at(-1)?.replace(/,$/, "") ?? "";
  return `${/^dr$/i.test(title) ? "Dr." : "Professor"} ${last}`;
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
