import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addNetworkContacts, createSender, generateEmail } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { companyNewsCache } from "../../db/schema";
import { NEWS_KEPT_MS, recentCompanyNews } from "./index";

const t = useTestApp();

/** How many searches the sandbox's news source answered for this company. */
async function askedAbout(company: string): Promise<number> {
  const counts = (await t.app.inject({ url: "/__sandbox/news/requests.json" })).json();
  return counts[company] ?? 0;
}

const keptRow = async (key: string) =>
  (
    await t.deps.database.db
      .select()
      .from(companyNewsCache)
      .where(eq(companyNewsCache.companyKey, key))
  )[0];

describe("company news, kept a day for every process", () => {
  it("asks the news source once for two emails to the same company within a day", async () => {
    const ada = await createSender(t);
    const [grace, alan] = await addNetworkContacts(t, ada.id, 2, { company: "Codeyard" });
    for (const contact of [grace, alan]) {
      const email = await generateEmail(t, ada.auth, contact.id, { email_format: "original" });
      expect(email.statusCode, email.body).toBe(200);
      expect(email.json().body).toContain(
        "Codeyard ships a major update to its developer platform",
      );
    }
    expect(await askedAbout("Codeyard")).toBe(1);
    // The answer lives in the database, where another app process reads it.
    const row = await keptRow("codeyard");
    expect(row.items).toHaveLength(3);
    expect(row.items[0]).toMatchObject({ source: "The Verge" });
  });

  it("asks again once the kept answer is a day old", async () => {
    const start = new Date();
    const first = await recentCompanyNews(t.deps, "Nimbus Works", start);
    expect(first.length).toBeGreaterThan(0);
    const almostADay = new Date(start.getTime() + NEWS_KEPT_MS - 60_000);
    expect(await recentCompanyNews(t.deps, " nimbus  works ", almostADay)).toEqual(first);
    expect(await askedAbout("Nimbus Works")).toBe(1);

    const nextDay = new Date(start.getTime() + NEWS_KEPT_MS + 60_000);
    expect(await recentCompanyNews(t.deps, "Nimbus Works", nextDay)).toEqual(first);
    expect(await askedAbout("Nimbus Works")).toBe(2);
    expect((await keptRow("nimbus works")).fetchedAt).toEqual(nextDay);
  });

  it("keeps a company without news, but not a failed request", async () => {
    expect(await recentCompanyNews(t.deps, "Unknown Widgets LLC")).toEqual([]);
    expect(await recentCompanyNews(t.deps, "Unknown Widgets LLC")).toEqual([]);
    expect(await askedAbout("Unknown Widgets LLC")).toBe(1);

    // A rejected key answers no news and keeps nothing: the next call asks again.
    const news = t.deps.config.news as { apiKey: string; baseUrl: string };
    const refused = { ...t.deps, config: { ...t.deps.config, news: { ...news, apiKey: "bad" } } };
    expect(await recentCompanyNews(refused, "Kestrel Software")).toEqual([]);
    expect(await keptRow("kestrel software")).toBeUndefined();
    expect((await recentCompanyNews(t.deps, "Kestrel Software")).length).toBeGreaterThan(0);
    expect(await keptRow("kestrel software")).toBeDefined();
  });
});
