import type { CompanyNewsItem } from "@reachout/contract";
import type { Config } from "../config";

/**
 * Recent, dated news about a company, for the Personalize email to cite. Behind an interface:
 * production asks a news search API (NewsAPI.org's /v2/everything shape, by key and base URL),
 * sandbox its stand-in. The provider only asks; keeping answers a day, for every process, is
 * `modules/company-facts` (a table). A failure throws `CompanyNewsUnavailable` so the caller
 * can tell "no news" (kept) from "could not ask" (not kept, asked again next time).
 */
export interface CompanyNewsProvider {
  recent(company: string): Promise<CompanyNewsItem[]>;
}

/** The news source could not answer: HTTP status, or null for a network failure or timeout. */
export class CompanyNewsUnavailable extends Error {
  constructor(readonly status: number | null) {
    super(status ? `news source answered ${status}` : "news source unreachable");
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** News older than this is not "recent" enough to open an email with. */
const MAX_AGE_DAYS = 45;
const WAIT_MS = 4000;

interface Article {
  source?: { name?: unknown } | null;
  title?: unknown;
  url?: unknown;
  publishedAt?: unknown;
}

export function itemsOf(body: unknown, company: string, now = new Date()): CompanyNewsItem[] {
  const articles = (body as { articles?: unknown })?.articles;
  if (!Array.isArray(articles)) return [];
  const name = company.trim().toLowerCase();
  return (articles as Article[])
    .flatMap((a) => {
      const title = typeof a.title === "string" ? a.title.trim() : "";
      const published = typeof a.publishedAt === "string" ? new Date(a.publishedAt) : null;
      const source = typeof a.source?.name === "string" ? a.source.name.trim() : "";
      if (!title || !source || !published || Number.isNaN(published.getTime())) return [];
      const age = (now.getTime() - published.getTime()) / DAY_MS;
      // Only items that name the company, are dated, recent and fit in a sentence.
      if (age < -1 || age > MAX_AGE_DAYS || !title.toLowerCase().includes(name)) return [];
      if (title.length > 140 || /[[\]{}]/.test(title)) return [];
      return [
        {
          title: title.replace(/\s+/g, " "),
          date: published.toISOString().slice(0, 10),
          source,
          url: typeof a.url === "string" ? a.url : null,
        },
      ];
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

export function createNewsApiProvider(
  settings: { apiKey: string; baseUrl: string },
  options: { now?: () => Date } = {},
): CompanyNewsProvider {
  const now = options.now ?? (() => new Date());
  return {
    async recent(company) {
      if (!company.trim()) return [];
      // The base URL may carry a path (the sandbox's /__sandbox/news).
      const url = new URL(`${settings.baseUrl.replace(/\/$/, "")}/v2/everything`);
      url.searchParams.set("q", `"${company.trim()}"`);
      url.searchParams.set("sortBy", "publishedAt");
      url.searchParams.set("language", "en");
      url.searchParams.set("pageSize", "10");
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { "x-api-key": settings.apiKey, accept: "application/json" },
          signal: AbortSignal.timeout(WAIT_MS),
        });
      } catch {
        throw new CompanyNewsUnavailable(null);
      }
      if (!response.ok) throw new CompanyNewsUnavailable(response.status);
      try {
        return itemsOf(await response.json(), company, now());
      } catch {
        throw new CompanyNewsUnavailable(response.status);
      }
    },
  };
}

const NO_NEWS: CompanyNewsProvider = { recent: async () => [] };
const providers = new WeakMap<object, CompanyNewsProvider>();

/** The process's provider for this configuration (no news without one). */
export function companyNewsFor(config: Pick<Config, "news">): CompanyNewsProvider {
  if (!config.news) return NO_NEWS;
  let provider = providers.get(config.news);
  if (!provider) {
    provider = createNewsApiProvider(config.news);
    providers.set(config.news, provider);
  }
  return provider;
}
