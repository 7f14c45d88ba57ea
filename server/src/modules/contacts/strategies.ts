import {
  type ContactSearchParams,
  categorizeRole,
  FINANCIAL_INDUSTRIES,
  HIRING_TITLES,
  MESSAGES,
  type RoleCategory,
  type SearchStrategy,
} from "@reachout/contract";
import { and, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { contacts } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { notSuppressed } from "../deliverability";
import {
  contains,
  containsAny,
  excludeWords,
  hasRealName,
  isShared,
  notSavedBy,
  notStartupFounder,
} from "./conditions";

/** The search parameters with singular and plural forms merged and blanks dropped. */
export interface NormalizedSearch {
  strategy: SearchStrategy;
  jobTitles: string[];
  locations: string[];
  company?: string;
  companySize?: string;
  exclude?: string;
  mustBeHiring: boolean;
  industries: string[];
  revenueRange?: string;
}

const clean = (values: Array<string | undefined>) => [
  ...new Set(values.map((value) => value?.trim() ?? "").filter(Boolean)),
];

export function normalizeSearch(params: ContactSearchParams): NormalizedSearch {
  return {
    strategy: params.strategy ?? "deepseek",
    jobTitles: clean([params.job_title, ...(params.job_titles ?? [])]),
    locations: clean([params.location, ...(params.locations ?? [])]),
    company: params.company?.trim() || undefined,
    companySize: params.company_size,
    exclude: params.exclude,
    mustBeHiring: params.must_be_hiring ?? false,
    industries: clean(params.industries ?? []),
    revenueRange: params.revenue_range,
  };
}

/** Refuses searches the strategy cannot run, with the form's own messages. */
export function validateSearch(search: NormalizedSearch): void {
  if (search.strategy === "financial_sales") {
    if (search.jobTitles.length === 0 || search.locations.length === 0) {
      throw badRequest(MESSAGES.search.financialSalesRequired);
    }
    return;
  }
  if (search.strategy !== "sales_students" && search.jobTitles.length === 0) {
    throw badRequest("job_title: A job title is required for this search.");
  }
}

/** Seniority words dropped from a target role to find the team it belongs to. */
const LEVEL_WORDS =
  /\b(intern|internship|new grad|graduate|junior|entry[- ]level|summer|trainee)\b/gi;

/** "Software Engineering Intern" → "software engineering": people in that team know the role. */
export function roleWords(role: string): string | undefined {
  const words = role.replace(LEVEL_WORDS, " ").replace(/\s+/g, " ").trim().toLowerCase();
  return words.length >= 3 ? words : undefined;
}

export interface HiringTarget {
  category: RoleCategory;
  titles: string[];
  words?: string;
}

/**
 * The deepseek mapping: a target role becomes the people who hire for it, i.e. the hiring
 * titles of its category (plus any the LLM suggested) and the role's own team words.
 */
export function hiringTargetFor(role: string, extraTitles: string[] = []): HiringTarget {
  const category = categorizeRole(role);
  return {
    category,
    titles: clean([...HIRING_TITLES[category], ...extraTitles]),
    words: roleWords(role),
  };
}

/**
 * The directory's reading of a target role: people in the role's field (the directory lists
 * who hires, so the field's people hire for it) or whose title names the role's team. Looser
 * than the agent's search, which needs both: "Summer Analyst" falls in no finance pattern, yet
 * a bank's analysts know the role.
 */
export function roleCondition(role: string): SQL | undefined {
  const target = hiringTargetFor(role);
  return or(
    eq(contacts.roleCategory, target.category),
    target.words ? contains(contacts.title, target.words) : undefined,
  );
}

function hiringCondition(target: HiringTarget): SQL | undefined {
  const titleMatch = or(
    containsAny(contacts.title, target.titles),
    target.words ? contains(contacts.title, target.words) : undefined,
  );
  return and(eq(contacts.roleCategory, target.category), titleMatch);
}

/** What each strategy means, as a condition on the contacts table. */
function strategyCondition(search: NormalizedSearch, extraTitles: string[]): SQL | undefined {
  switch (search.strategy) {
    case "financial_sales":
      return and(
        containsAny(contacts.title, search.jobTitles),
        inArray(
          contacts.industry,
          search.industries.length > 0 ? search.industries : [...FINANCIAL_INDUSTRIES],
        ),
      );
    case "sales_students":
      return search.jobTitles.length > 0
        ? or(
            containsAny(contacts.title, search.jobTitles),
            containsAny(contacts.education, search.jobTitles),
          )
        : undefined;
    default:
      return or(
        ...search.jobTitles.map((role) => hiringCondition(hiringTargetFor(role, extraTitles))),
      );
  }
}

/**
 * The full WHERE of a contact search for one user: the strategy's meaning, the shared filters,
 * and what every search guarantees (a real name, an email address, not already saved; students
 * only for the student strategy).
 */
export function searchCondition(
  userId: string,
  search: NormalizedSearch,
  extraTitles: string[] = [],
): SQL | undefined {
  const isStudentSearch = search.strategy === "sales_students";
  return and(
    hasRealName,
    notStartupFounder,
    isShared,
    isNotNull(contacts.email),
    eq(contacts.isStudent, isStudentSearch),
    strategyCondition(search, extraTitles),
    containsAny(contacts.location, search.locations),
    search.company ? contains(contacts.company, search.company) : undefined,
    search.companySize ? eq(contacts.companySize, search.companySize) : undefined,
    excludeWords(search.exclude),
    search.mustBeHiring ? eq(contacts.isHiring, true) : undefined,
    search.strategy !== "financial_sales" && search.industries.length > 0
      ? inArray(contacts.industry, search.industries)
      : undefined,
    search.revenueRange ? eq(contacts.revenueRange, search.revenueRange) : undefined,
    notSavedBy(userId),
    // Searches spend a credit per person found: never on an address nobody may write to.
    notSuppressed(contacts.email),
  );
}
