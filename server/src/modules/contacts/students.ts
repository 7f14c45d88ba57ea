import { count, eq } from "drizzle-orm";
import { contacts } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { ApolloError, createApolloClient } from "../../integrations/apollo";
import { storeApolloPeople } from "./apollo-import";
import { insertContacts } from "./bulk-load";

/** Students added per sandbox import; Apollo answers up to 100 per page. */
const DEMO_BATCH = 25;
const DEMO_SOURCE = "demo-students";

/**
 * The admin's "Scrape Cornell Biz Students": imports Cornell business students from the
 * configured contact source (Apollo People Search, or the sandbox's fictional directory). It
 * never scrapes a website. Answers how many new students were added.
 */
export async function importStudentContacts(deps: AppDeps): Promise<{ count: number }> {
  const db = deps.database.db;
  if (deps.config.apollo) {
    const apollo = createApolloClient(deps.config.apollo);
    try {
      const people = await apollo.searchPeople({
        titles: ["Student", "Undergraduate Student", "MBA Candidate"],
        locations: [],
        keywords: "Cornell University SC Johnson College of Business",
        perPage: 100,
      });
      const stored = await storeApolloPeople(db, await apollo.enrichPeople(people), true);
      return { count: stored.inserted };
    } catch (error) {
      if (error instanceof ApolloError) {
        throw new AppError(502, "Apollo People Search is unavailable right now. Please try again.");
      }
      throw error;
    }
  }
  if (!deps.config.sandbox) {
    throw new AppError(
      503,
      "No student contact source is configured. Set APOLLO_API_KEY to import students from Apollo.",
    );
  }
  const { generateStudentContacts } = await import("@reachout/sandbox");
  const [existing] = await db
    .select({ count: count() })
    .from(contacts)
    .where(eq(contacts.source, DEMO_SOURCE));
  const rows = [...generateStudentContacts(existing.count, DEMO_BATCH)].map((student) => ({
    ...student,
    source: DEMO_SOURCE,
  }));
  return { count: await insertContacts(db, rows) };
}
