import type { CompanyNewsItem } from "@reachout/contract";
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What the news source said about a company, kept a day for every app process (the provider
 * is billed per call and the same companies are written to by many students).
 */
export const companyNewsCache = pgTable("company_news_cache", {
  /** The company name trimmed and lowercased. */
  companyKey: text("company_key").primaryKey(),
  /** The provider's recent, dated items, newest first; empty when it had none. */
  items: jsonb("items").$type<CompanyNewsItem[]>().notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
});
