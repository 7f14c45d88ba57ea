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
