import type { ContactStatus, DATE_RANGES, SCHEDULED_STATUSES } from "@reachout/contract/constants";
import type { NetworkListContact } from "@reachout/contract/contacts";
import { isWarm, warmFirst } from "../../../lib/warmth";

export type ScheduledFilter = (typeof SCHEDULED_STATUSES)[number];
export type DateRange = (typeof DATE_RANGES)[number];

export interface NetworkFilters {
  search: string;
  status: ContactStatus | "all";
  scheduled: ScheduledFilter | "all";
  dateRange: DateRange | "all";
  /** Only contacts the student shares something with (a warm signal). */
  warmOnly: boolean;
  /** "newest" (saved order) or "warm" (strongest warm signal first). */
  order: "newest" | "warm";
}

export const NO_FILTERS: NetworkFilters = {
  search: "",
  status: "all",
  scheduled: "all",
  dateRange: "all",
  warmOnly: false,
  order: "newest",
};

export const isFiltering = (filters: NetworkFilters) =>
  filters.warmOnly ||
  filters.order !== "newest" ||
  filters.search.trim() !== "" ||
  filters.status !== "all" ||
  filters.scheduled !== "all" ||
  filters.dateRange !== "all";

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/**
 * Whether a scheduled time falls in a range, in the user's local time: today, tomorrow, this
 * week (Monday to Sunday), or past due (the time has passed and the email is still waiting).
 */
export function inDateRange(iso: string | null, range: DateRange, now = new Date()): boolean {
  if (!iso) return false;
  const when = new Date(iso);
  const today = startOfDay(now);
  switch (range) {
    case "today":
      return when >= today && when < addDays(today, 1);
    case "tomorrow":
      return when >= addDays(today, 1) && when < addDays(today, 2);
    case "this_week": {
      const monday = addDays(today, -((today.getDay() + 6) % 7));
      return when >= monday && when < addDays(monday, 7);
    }
    case "past_due":
      return when < now;
  }
}

/**
 * What the search box looks in, lowercased, kept per contact record: typing re-filters
 * thousands of contacts on every key, and building these strings was most of that work.
 */
const searchTexts = new WeakMap<NetworkListContact, string>();
function searchTextOf(contact: NetworkListContact): string {
  let text = searchTexts.get(contact);
  if (text === undefined) {
    text = [contact.full_name, contact.title, contact.company, contact.location, contact.email]
      .filter(Boolean)
      .join(" ")
      .toLowerCase();
    searchTexts.set(contact, text);
  }
  return text;
}

/** The search box (name, title, company, location, email) and the filter panel. */
export function matchesFilters(
  contact: NetworkListContact,
  filters: NetworkFilters,
  now = new Date(),
): boolean {
  const text = filters.search.trim().toLowerCase();
  if (text && !searchTextOf(contact).includes(text)) return false;
  if (filters.warmOnly && !isWarm(contact)) return false;
  if (filters.status !== "all" && contact.status !== filters.status) return false;
  if (filters.scheduled !== "all" && !contact.email_statuses.includes(filters.scheduled)) {
    return false;
  }
  if (
    filters.dateRange !== "all" &&
    !inDateRange(contact.next_scheduled_at, filters.dateRange, now)
  ) {
    return false;
  }
  return true;
}

/** "Warm first": a stable sort by warmth; "newest" keeps the saved order. */
export function orderContacts(contacts: NetworkListContact[], order: NetworkFilters["order"]) {
  return order === "newest" ? contacts : warmFirst(contacts);
}
