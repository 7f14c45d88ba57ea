import type { Startup } from "@reachout/contract/startups";

/** Startup search (docs/product.md §5): case-insensitive substring of org, location or any founder name. */
export function filterStartups(startups: Startup[], query: string): Startup[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return startups;
  return startups.filter(
    (startup) =>
      startup.org_name.toLowerCase().includes(needle) ||
      (startup.location ?? "").toLowerCase().includes(needle) ||
      startup.founders.some((founder) =>
        (founder.person_name ?? "").toLowerCase().includes(needle),
      ),
  );
}

export interface DirectoryStats {
  /** Active Startups: the filtered count. */
  startups: number;
  /** Total Founders: the sum over the filtered startups. */
  founders: number;
  /** Locations: distinct non-empty locations. */
  locations: number;
}

export function directoryStats(startups: Startup[]): DirectoryStats {
  const locations = new Set<string>();
  let founders = 0;
  for (const startup of startups) {
    founders += startup.founders.length;
    const location = startup.location?.trim();
    if (location) locations.add(location);
  }
  return { startups: startups.length, founders, locations: locations.size };
}

export interface DirectoryPage {
  items: Startup[];
  /** The page shown: the requested one, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  /** 1-based positions for "Showing a - b of n startups" (0 - 0 when empty). */
  from: number;
  to: number;
  total: number;
}

export function pageOf(startups: Startup[], page: number, pageSize: number): DirectoryPage {
  const total = startups.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, page), pageCount);
  const start = (shown - 1) * pageSize;
  const items = startups.slice(start, start + pageSize);
  return {
    items,
    page: shown,
    pageCount,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
    total,
  };
}

/** Show/Hide Founders is kept per org, keyed by org URL or, without one, by name. */
export const orgKey = (startup: Pick<Startup, "org_url" | "org_name">) =>
  startup.org_url?.trim() || startup.org_name;
