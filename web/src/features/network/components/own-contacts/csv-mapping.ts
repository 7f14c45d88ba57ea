import type { OwnContactField } from "@reachout/contract/own-contacts";

/** The dialog's mapping of a CSV no export format was recognised in: up to 3 name columns. */
export interface MappingState {
  full_name: [string, string, string];
  email: string | null;
  title: string | null;
  company: string | null;
  location: string | null;
  linkedin: string | null;
}

/** Header names that usually hold each field (compared lowercased, without spaces, dashes or underscores). */
const LIKELY_HEADERS: Record<OwnContactField, string[]> = {
  full_name: ["fullname", "name", "contactname", "person", "displayname"],
  email: ["email", "emailaddress", "mail", "workemail", "e-mail"],
  title: ["title", "jobtitle", "position", "role"],
  company: ["company", "companyname", "organization", "organisation", "employer", "firm"],
  location: ["location", "city", "place"],
  linkedin: ["linkedin", "linkedinurl", "linkedinprofile", "profile", "profileurl"],
};
const FIRST = ["firstname", "givenname", "first", "forename"];
const MIDDLE = ["middlename", "middle", "additionalname"];
const LAST = ["lastname", "familyname", "surname", "last"];

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]+/g, "");

/** A first guess at which column holds which field, from the CSV's header row. */
export function guessMapping(headers: string[]): MappingState {
  const squashed = headers.map(squash);
  const find = (names: string[]) => {
    const index = squashed.findIndex((name) => names.includes(name));
    return index >= 0 ? headers[index] : "";
  };
  const pick = (field: OwnContactField) => find(LIKELY_HEADERS[field]);
  const whole = pick("full_name");
  const first = find(FIRST);
  const last = find(LAST);
  const name: [string, string, string] =
    whole || !first
      ? [whole, "", ""]
      : last
        ? ([first, find(MIDDLE), last].filter(Boolean).concat(["", ""]).slice(0, 3) as [
            string,
            string,
            string,
          ])
        : [first, "", ""];
  return {
    full_name: name,
    email: pick("email") || null,
    title: pick("title") || null,
    company: pick("company") || null,
    location: pick("location") || null,
    linkedin: pick("linkedin") || null,
  };
}

/** The mapping as the contract takes it: the chosen name columns in order. */
export function toColumnsMapping(state: MappingState) {
  return { ...state, full_name: state.full_name.filter(Boolean) };
}
