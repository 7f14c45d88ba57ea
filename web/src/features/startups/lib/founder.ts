import type { ContactStatus } from "@reachout/contract/constants";
import type { StartupFounder } from "@reachout/contract/startups";
import { isValidFounderEmail, usableLinkedin } from "@reachout/contract/startups";

export const founderName = (founder: Pick<StartupFounder, "person_name">) =>
  founder.person_name?.trim() || "Unnamed";

export const founderTitle = (founder: Pick<StartupFounder, "person_title">) =>
  founder.person_title?.trim() || "Founder";

/** The LinkedIn link to show, hidden when the export says "N/A". */
export const founderLinkedin = (founder: Pick<StartupFounder, "person_linkedin">) =>
  usableLinkedin(founder.person_linkedin);

/** Up to two initials of a name ("Mia Chen" → "MC"), "?" for an unnamed founder. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters = words.length === 1 ? [words[0][0]] : [words[0][0], words[words.length - 1][0]];
  return letters.join("").toUpperCase();
}

/** A founder's outreach status: from the caller's statuses, Uncontacted by default. */
export function founderStatus(
  statuses: ReadonlyMap<string, ContactStatus> | undefined,
  founderId: string,
): ContactStatus {
  return statuses?.get(founderId) ?? "Uncontacted";
}

/**
 * The address to write to (docs/product.md §5): the founder's own email when it has "@" and ".";
 * otherwise, with a LinkedIn URL, the directory lookup; null when neither gives a valid one.
 * The public directory carries no emails, so in practice the lookup answers.
 */
export async function resolveFounderEmail(
  founder: Pick<StartupFounder, "person_linkedin"> & { person_email?: string | null },
  lookup: (linkedinUrl: string) => Promise<string | null>,
): Promise<string | null> {
  if (isValidFounderEmail(founder.person_email)) return founder.person_email.trim();
  const linkedin = usableLinkedin(founder.person_linkedin);
  if (!linkedin) return null;
  const found = await lookup(linkedin);
  return isValidFounderEmail(found) ? found.trim() : null;
}
