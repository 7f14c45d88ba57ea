import type { SearchStrategy } from "@reachout/contract/constants";
import { LIMITS } from "@reachout/contract/constants";
import { ContactSearchResponse } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { ApiError, api } from "../../lib/api";

/** The Discover Contacts form: "dashboard" is the manual saved-contacts search (1–25), "full" the agent form (1–100, strategies). */
export type DiscoverMode = "dashboard" | "full";

export interface DiscoverValues {
  strategy: SearchStrategy;
  jobTitle: string;
  location: string;
  numResults: string;
  company: string;
  companySize: string;
  exclude: string;
  mustBeHiring: boolean;
  jobTitles: string[];
  locations: string[];
  industries: string[];
  revenueRange: string;
}

export const RESULT_LIMITS = {
  dashboard: { min: LIMITS.savedSearchResultsMin, max: LIMITS.savedSearchResultsMax },
  full: { min: LIMITS.agentSearchResultsMin, max: LIMITS.agentSearchResultsMax },
} as const;

export function initialValues(): DiscoverValues {
  return {
    strategy: "deepseek",
    jobTitle: "",
    location: LIMITS.savedSearchDefaultLocation,
    numResults: String(LIMITS.savedSearchResultsDefault),
    company: "",
    companySize: "",
    exclude: "",
    mustBeHiring: false,
    jobTitles: [],
    locations: [],
    industries: [],
    revenueRange: "",
  };
}

const nonBlank = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);

/** The form's own checks, before any call: the first problem's message, or null. */
export function validateDiscover(values: DiscoverValues, mode: DiscoverMode): string | null {
  const { min, max } = RESULT_LIMITS[mode];
  const count = Number(values.numResults);
  if (!/^\d+$/.test(values.numResults.trim()) || count < min || count > max) {
    return `Number of results must be between ${min} and ${max}.`;
  }
  if (values.strategy === "financial_sales") {
    const titles = nonBlank(values.jobTitles);
    const locations = nonBlank(values.locations);
    return titles.length === 0 || locations.length === 0
      ? MESSAGES.search.financialSalesRequired
      : null;
  }
  if (values.strategy !== "sales_students" && !values.jobTitle.trim()) {
    return "Please enter a job title.";
  }
  return null;
}

/** The query string of GET /api/my-network/search for these values. */
export function searchQuery(values: DiscoverValues, mode: DiscoverMode) {
  const common = {
    num_results: Number(values.numResults),
    company: values.company.trim() || undefined,
    company_size: values.companySize || undefined,
    exclude: values.exclude.trim() || undefined,
    must_be_hiring: values.mustBeHiring ? "true" : undefined,
  };
  if (mode === "dashboard") {
    return { ...common, job_title: values.jobTitle.trim(), location: values.location.trim() };
  }
  if (values.strategy === "financial_sales") {
    return {
      ...common,
      strategy: values.strategy,
      job_titles: nonBlank(values.jobTitles),
      locations: nonBlank(values.locations),
      industries: values.industries,
      revenue_range: values.revenueRange || undefined,
    };
  }
  return {
    ...common,
    strategy: values.strategy,
    job_title: values.jobTitle.trim() || undefined,
    location: values.location.trim() || undefined,
  };
}

export type SearchOutcome =
  | { kind: "saved"; result: ContactSearchResponse }
  | { kind: "error"; message: string };

/**
 * Runs the search and turns every answer into what the user is told: "Found and saved {n}
 * contact(s)", the 402 message, "Unexpected response from server." for an answer without a
 * contact list, else the server's validation detail or "Failed to search contacts...".
 */
export async function runSearch(
  values: DiscoverValues,
  mode: DiscoverMode,
): Promise<SearchOutcome> {
  let raw: unknown;
  try {
    raw = await api("/api/my-network/search", { query: searchQuery(values, mode) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) {
      return { kind: "error", message: MESSAGES.search.insufficientCredits };
    }
    if (error instanceof ApiError && error.status === 400 && error.detail) {
      return { kind: "error", message: error.detail };
    }
    return { kind: "error", message: MESSAGES.search.failed };
  }
  const record = (raw ?? {}) as { data?: unknown; contacts?: unknown };
  const list = record.data ?? record.contacts;
  if (!Array.isArray(list)) return { kind: "error", message: MESSAGES.search.unexpected };
  const parsed = ContactSearchResponse.safeParse({ ...record, data: list });
  if (!parsed.success) return { kind: "error", message: MESSAGES.search.unexpected };
  return { kind: "saved", result: parsed.data };
}
