import type { CompanyNewsItem } from "@reachout/contract";
import { and, eq, gt } from "drizzle-orm";
import { companyNewsCache } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { CompanyNewsUnavailable, companyNewsFor } from "../../integrations/company-news";

/** How long the news source's answer about a company is kept (issue 18: a day). */
export const NEWS_KEPT_MS = 24 * 60 * 60 * 1000;

/** The cache's key: "  Northbridge  Capital " and "northbridge capital" are one company. */
export const companyKeyOf = (company: string) => company.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * A company's recent, dated news, newest first: the kept answer while it is under a day old,
 * else the provider's, then kept for every app process. "No news" is kept too (asking again
 * within the day would find none); a provider failure is not kept: it answers no news now
 * (the writer never invents any) and the next email asks again. Two processes that miss at
 * once may both ask; both write the same answer, the later one wins.
 */
export async function recentCompanyNews(
  deps: Pick<AppDeps, "config" | "database">,
  company: string,
  now = new Date(),
): Promise<CompanyNewsItem[]> {
  const key = companyKeyOf(company);
  if (!key || !deps.config.news) return [];
  const db = deps.database.db;
  const [kept] = await db
    .select({ items: companyNewsCache.items })
    .from(companyNewsCache)
    .where(
      and(
        eq(companyNewsCache.companyKey, key),
        gt(companyNewsCache.fetchedAt, new Date(now.getTime() - NEWS_KEPT_MS)),
      ),
    );
  if (kept) return kept.items;
  let items: CompanyNewsItem[];
  try {
    items = await companyNewsFor(deps.config).recent(company);
  } catch (error) {
    if (error instanceof CompanyNewsUnavailable) return [];
    throw error;
  }
  await db
    .insert(companyNewsCache)
    .values({ companyKey: key, items, fetchedAt: now })
    .onConflictDoUpdate({
      target: companyNewsCache.companyKey,
      set: { items, fetchedAt: now },
    });
  return items;
}
