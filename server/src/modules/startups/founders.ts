import { type ContactStatus, isValidFounderEmail, usableLinkedin } from "@reachout/contract";

export { isValidFounderEmail, usableLinkedin };

/** One founders row, as stored. */
export interface FounderRecord {
  id: string;
  personName: string | null;
  personTitle: string | null;
  personEmail: string | null;
  personLinkedin: string | null;
  personProfileUrl: string | null;
}

/** What outreach status is derived from: a network contact of the user. */
export interface NetworkSignal {
  email: string | null;
  linkedin: string | null;
  profileUrl: string | null;
  messageCount: number;
  replied: boolean;
}

const clean = (value: string | null | undefined) => value?.trim() || null;

/**
 * Founders are the same person within a startup when their profile URL is equal, or, without
 * one, when their names are (docs/product.md §5). Nameless rows without a profile stay apart.
 */
export function founderKey(founder: FounderRecord): string {
  const profile = clean(founder.personProfileUrl);
  if (profile) return `profile:${profile}`;
  const name = clean(founder.personName)?.toLowerCase().replace(/\s+/g, " ");
  return name ? `name:${name}` : `row:${founder.id}`;
}

/** Founder rows in a stable order: by name (nameless last), then id. */
export function sortFounders<T extends FounderRecord>(rows: T[]): T[] {
  return [...rows].sort((a, b) => {
    const an = clean(a.personName)?.toLowerCase();
    const bn = clean(b.personName)?.toLowerCase();
    if (an !== bn) {
      if (!an) return 1;
      if (!bn) return -1;
      return an < bn ? -1 : 1;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Groups one startup's founder rows by person, in the order of sortFounders. */
export function groupFounders<T extends FounderRecord>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of sortFounders(rows)) {
    const key = founderKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()];
}

/** One person from their duplicate rows: the first row's id, each field's first known value. */
export function mergeFounder<T extends FounderRecord>(group: T[]): FounderRecord {
  const pick = (read: (row: T) => string | null) => {
    for (const row of group) {
      const value = clean(read(row));
      if (value) return value;
    }
    return null;
  };
  return {
    id: group[0].id,
    personName: pick((row) => row.personName),
    personTitle: pick((row) => row.personTitle),
    personEmail: pick((row) => (isValidFounderEmail(row.personEmail) ? row.personEmail : null)),
    personLinkedin:
      pick((row) => usableLinkedin(row.personLinkedin)) ?? pick((row) => row.personLinkedin),
    personProfileUrl: pick((row) => row.personProfileUrl),
  };
}

/** De-duplicated founders of one startup. */
export function dedupeFounders<T extends FounderRecord>(rows: T[]): FounderRecord[] {
  return groupFounders(rows).map(mergeFounder);
}

/**
 * Founder outreach status (docs/product.md §4): a network contact matches the founder by
 * case-insensitive email, equal LinkedIn URL or equal profile URL (any of the person's rows).
 * Contacted when a match has messages, Responded when it also has a reply.
 */
export function deriveFounderStatus(
  rows: FounderRecord[],
  contacts: NetworkSignal[],
): ContactStatus {
  const emails = new Set(rows.map((r) => clean(r.personEmail)?.toLowerCase()).filter(Boolean));
  const linkedins = new Set(rows.map((r) => usableLinkedin(r.personLinkedin)).filter(Boolean));
  const profiles = new Set(rows.map((r) => clean(r.personProfileUrl)).filter(Boolean));
  let status: ContactStatus = "Uncontacted";
  for (const contact of contacts) {
    const email = clean(contact.email)?.toLowerCase();
    const linkedin = usableLinkedin(contact.linkedin);
    const profile = clean(contact.profileUrl);
    const matches =
      (email && emails.has(email)) ||
      (linkedin && linkedins.has(linkedin)) ||
      (profile && profiles.has(profile));
    if (!matches || contact.messageCount <= 0) continue;
    if (contact.replied) return "Responded";
    status = "Contacted";
  }
  return status;
}
