import { DIRECTORY_ORGANIZATIONS, ROLE_CATEGORIES, type RoleCategory } from "@reachout/contract";
import type { FastifyPluginAsync } from "fastify";

/**
 * A stand-in for a news search API (NewsAPI.org's /v2/everything shape): recent, dated items
 * for the seeded companies of the demo directory, dated relative to today so they stay recent.
 * Errors answer as the real service does: 401 apiKeyMissing/apiKeyInvalid, 400 parametersMissing.
 */
export const SANDBOX_NEWS_KEY = "sandbox-news-key";

const HEADLINES: Record<RoleCategory, Array<[string, string, number]>> = {
  "Investment Banking & Finance": [
    ["{c} advises on $1.4 billion sale of a Midwest logistics group", "Financial Times", 4],
    ["{c} names new co-heads of its healthcare coverage team", "Bloomberg", 11],
    ["{c} closes $650 million private credit fund above target", "Reuters", 19],
  ],
  Consulting: [
    ["{c} launches an AI operations practice for mid-size manufacturers", "Consulting Magazine", 3],
    [
      "{c} opens a new office in Chicago and plans to hire 120 consultants",
      "Crain's Chicago Business",
      12,
    ],
    ["{c} study finds 6 in 10 retailers are rethinking supply chains", "Reuters", 24],
  ],
  "Technology - Data Science & AI": [
    ["{c} releases an open-source toolkit for evaluating language models", "TechCrunch", 2],
    ["{c} raises $40 million Series B to expand its data platform", "VentureBeat", 9],
    ["{c} partners with two hospital systems on clinical forecasting", "STAT", 21],
  ],
  "Technology - Software Engineering": [
    ["{c} ships a major update to its developer platform with faster builds", "The Verge", 5],
    ["{c} surpasses 10,000 business customers", "TechCrunch", 13],
    ["{c} opens its first European engineering hub in Dublin", "Reuters", 27],
  ],
  "Technology - Product & Design": [
    ["{c} redesigns its mobile app and reports a 30% jump in weekly users", "Fast Company", 6],
    ["{c} wins a design award for accessible checkout flows", "Dezeen", 15],
    ["{c} launches a collaboration feature for remote product teams", "TechCrunch", 23],
  ],
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const dayMs = 24 * 60 * 60 * 1000;

/** The stand-in's articles about a company, newest first (none for companies it does not know). */
export function sandboxArticles(company: string, now = new Date()) {
  const key = company.trim().toLowerCase();
  for (const category of ROLE_CATEGORIES) {
    const organizations = DIRECTORY_ORGANIZATIONS[category];
    const index = organizations.findIndex((o) => o.toLowerCase() === key);
    if (index < 0) continue;
    const name = organizations[index];
    return HEADLINES[category].map(([title, source, daysAgo], i) => {
      // Each company's items shift by a day or two so the directory's news reads distinct.
      const published = new Date(now.getTime() - (daysAgo + ((index + i) % 3)) * dayMs);
      return {
        source: { id: slug(source), name: source },
        author: null,
        title: title.replace("{c}", name),
        description: null,
        url: `https://news.reachout.example/${slug(name)}/${published.toISOString().slice(0, 10)}-${slug(title.replace("{c}", ""))}`,
        publishedAt: `${published.toISOString().slice(0, 10)}T13:00:00Z`,
        content: null,
      };
    });
  }
  return [];
}

/**
 * The stand-in's routes. It counts the searches it answered per company (`GET /requests.json`
 * → `{company: count}`), so a test can see whether the app asked again or kept the answer.
 */
export function createNewsSandbox(): { plugin: FastifyPluginAsync } {
  const asked = new Map<string, number>();
  const plugin: FastifyPluginAsync = async (app) => {
    app.get("/requests.json", async () => Object.fromEntries(asked));
    app.get("/v2/everything", async (request, reply) => {
      const key = request.headers["x-api-key"];
      if (!key) {
        return reply.code(401).send({
          status: "error",
          code: "apiKeyMissing",
          message:
            "Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header.",
        });
      }
      if (key !== SANDBOX_NEWS_KEY) {
        return reply.code(401).send({
          status: "error",
          code: "apiKeyInvalid",
          message:
            "Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.",
        });
      }
      const { q } = request.query as { q?: string };
      if (!q?.trim()) {
        return reply.code(400).send({
          status: "error",
          code: "parametersMissing",
          message:
            "Required parameters are missing. Please set any of the following parameters and try again: q, qInTitle, sources, domains.",
        });
      }
      const company = q.replace(/^"|"$/g, "");
      asked.set(company, (asked.get(company) ?? 0) + 1);
      const articles = sandboxArticles(company);
      return { status: "ok", totalResults: articles.length, articles };
    });
  };
  return { plugin };
}
