import { z } from "zod";

/**
 * Apollo.io People Search. Search (`mixed_people/api_search`) finds people by title, location
 * and employer but answers no email addresses; bulk enrichment (`people/bulk_match`, at most 10
 * per call) adds them. The base URL is configurable so tests run against a local fake.
 */

export type ApolloFailure = "auth" | "rate_limited" | "temporary" | "invalid";

export class ApolloError extends Error {
  constructor(
    readonly kind: ApolloFailure,
    message: string,
  ) {
    super(message);
  }
}

const Organization = z
  .object({
    name: z.string().nullish(),
    industry: z.string().nullish(),
    estimated_num_employees: z.number().nullish(),
  })
  .nullish();

export const ApolloPerson = z.object({
  id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  name: z.string().nullish(),
  title: z.string().nullish(),
  email: z.string().nullish(),
  linkedin_url: z.string().nullish(),
  photo_url: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country: z.string().nullish(),
  organization: Organization,
});
export type ApolloPerson = z.infer<typeof ApolloPerson>;

const SearchResponse = z.object({ people: z.array(ApolloPerson).default([]) });
const MatchResponse = z.object({ matches: z.array(ApolloPerson.nullable()).default([]) });

export interface ApolloSearch {
  titles: string[];
  locations: string[];
  organizationName?: string;
  /** Apollo's "min,max" employee ranges, e.g. "51,200". */
  employeeRanges?: string[];
  keywords?: string;
  perPage: number;
  page?: number;
}

export interface ApolloClient {
  searchPeople(search: ApolloSearch): Promise<ApolloPerson[]>;
  /** The same people with their email addresses, where Apollo has one. */
  enrichPeople(people: ApolloPerson[]): Promise<ApolloPerson[]>;
}

const ENRICH_BATCH = 10;
const TIMEOUT_MS = 15_000;

function classify(status: number): ApolloFailure {
  if (status === 401 || status === 403) return "auth";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "temporary";
  return "invalid";
}

export function createApolloClient(options: { apiKey: string; baseUrl: string }): ApolloClient {
  const base = options.baseUrl.replace(/\/$/, "");

  async function post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "cache-control": "no-cache",
          "x-api-key": options.apiKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ApolloError("temporary", `Apollo unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new ApolloError(classify(response.status), `Apollo answered ${response.status}`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApolloError("invalid", "Apollo answered an unexpected shape");
    return parsed.data;
  }

  return {
    async searchPeople(search) {
      const body = {
        person_titles: search.titles,
        include_similar_titles: true,
        ...(search.locations.length > 0 ? { person_locations: search.locations } : {}),
        ...(search.organizationName ? { q_organization_name: search.organizationName } : {}),
        ...(search.employeeRanges?.length
          ? { organization_num_employees_ranges: search.employeeRanges }
          : {}),
        ...(search.keywords ? { q_keywords: search.keywords } : {}),
        page: search.page ?? 1,
        per_page: Math.min(100, Math.max(1, search.perPage)),
      };
      return (await post("/api/v1/mixed_people/api_search", body, SearchResponse)).people;
    },
    async enrichPeople(people) {
      const enriched: ApolloPerson[] = [];
      for (let i = 0; i < people.length; i += ENRICH_BATCH) {
        const batch = people.slice(i, i + ENRICH_BATCH);
        const { matches } = await post(
          "/api/v1/people/bulk_match",
          { details: batch.map((person) => ({ id: person.id })), reveal_personal_emails: false },
          MatchResponse,
        );
        const byId = new Map(
          matches.filter((m): m is ApolloPerson => m !== null).map((m) => [m.id, m]),
        );
        for (const person of batch) {
          const match = byId.get(person.id);
          enriched.push(match ? { ...person, ...dropEmpty(match) } : person);
        }
      }
      return enriched;
    },
  };
}

function dropEmpty(person: ApolloPerson): Partial<ApolloPerson> {
  return Object.fromEntries(
    Object.entries(person).filter(([, value]) => value !== null && value !== undefined),
  );
}
