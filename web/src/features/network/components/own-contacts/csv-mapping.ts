import type { OwnContactField, OwnContactsMapping } from "@reachout/contract/own-contacts";

/** Header names that usually hold each field (compared lowercased, without spaces, dashes or underscores). */
const LIKELY_HEADERS: Record<OwnContactField, string[]> = {
  full_name: ["fullname", "name", "contactname", "person"],
  email: ["email", "emailaddress", "mail", "workemail"],
  title: ["title", "jobtitle", "position", "role"],
  company: ["company", "companyname", "organization", "organisation", "employer", "firm"],
  location: ["location", "city", "place"],
  linkedin: ["linkedin", "linkedinurl", "linkedinprofile", "profile", "profileurl"],
};

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, "");

/** A first guess at which column holds which field, from the CSV's header row. */
export function guessMapping(headers: string[]): OwnContactsMapping {
  const squashed = headers.map(squash);
  const pick = (field: OwnContactField) => {
    const index = squashed.findIndex((name) => LIKELY_HEADERS[field].includes(name));
    return index >= 0 ? headers[index] : "";
  };
  return {
    full_name: pick("full_name"),
    email: pick("email"),
    title: pick("title") || null,
    company: pick("company") || null,
    location: pick("location") || null,
    linkedin: pick("linkedin") || null,
  };
}
