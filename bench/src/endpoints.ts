/**
 * The benchmarked endpoints: what the web client sends to the real routes, and the same work
 * asked of the bare baseline. Requests rotate through users, filters and contacts so the
 * database sees varied queries, not one cached plan and page.
 */
import { type LoadRequest, type LoadResult, type LoadSettings, measureLoad } from "./load";
import type { BenchUser } from "./seed-data";
import { BENCH_PASSWORD } from "./seed-data";

/**
 * Filters a student uses on the Connect page (each answered from 1,000,000 people): values of
 * its fixed lists (organization, position, education, interests), as the page sends them.
 */
export const DIRECTORY_FILTERS: Array<Record<string, string>> = [
  { industry: "fintech" },
  { industry: "investment banking", position: "Vice President" },
  { position: "Recruiter" },
  { organization: "Cloudforge" },
  { organization: "Harborview Partners", interests: "chess" },
  { education: "Cornell University" },
  { q: "talent acquisition" },
  { q: "smith" },
  { industry: "software", education: "Stanford University", interests: "open source" },
  { position: "Engineering Manager", organization: "Bytewell" },
];

/** Searches a student runs from Discover (deepseek strategy, the default 5 results). */
const SEARCHES: Array<Record<string, string>> = [
  { job_title: "Software Engineering Intern", location: "New York" },
  { job_title: "Investment Banking Analyst", location: "London" },
  { job_title: "Product Manager", location: "San Francisco" },
  { job_title: "Data Scientist", location: "Boston" },
  { job_title: "Management Consultant", location: "Chicago", must_be_hiring: "true" },
];

export interface Endpoint {
  name: string;
  /** What each request asks, for the report. */
  request: string;
  app: () => LoadRequest;
  bare: () => LoadRequest;
}

export interface EndpointContext {
  users: BenchUser[];
  main: BenchUser;
  /** The main user's contacts with a three-message conversation. */
  conversations: string[];
  /** Whether the user's Gmail is connected, so opening a conversation syncs its thread. */
  gmailSynced: boolean;
  /** The ETag of the main user's first batch, kept fresh by the bench (it ages out in 60 s). */
  networkEtag: () => string;
}

/** My Network's first batch of 1,000 records (what the web client asked for first until ADR 039). */
export const NETWORK_FIRST_BATCH_PATH = "/api/my-network/mine?initial_load=true&limit=1000";

/**
 * The first screen's requests the web client sends now (ADR 039): one screen and a bit
 * (FIRST_SCREEN_BATCH_SIZE in web/src/lib/contact-query-keys.ts), the rest following behind.
 * My Network's first batch (NETWORK_FIRST_BATCH there), and the directory page's first page
 * with no filter (fetchDirectoryBatch at offset 0 with NO_DIRECTORY_FILTERS).
 */
const FIRST_SCREEN = 100;
export const NETWORK_FIRST_SCREEN_PATH = `/api/my-network/mine?initial_load=true&limit=${FIRST_SCREEN}`;
export const DIRECTORY_FIRST_SCREEN_PATH = `/api/global-contacts/all?limit=${FIRST_SCREEN}&offset=0`;
/** The bare baseline's revalidation of the same first screen (the same ETag). */
const BARE_REVALIDATED_PATH = `/bare/mine-revalidated?limit=${FIRST_SCREEN}`;

function rotate<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length];
}

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const bearer = (user: BenchUser) => ({ authorization: `Bearer ${user.token}` });
const asUser = (user: BenchUser) => ({ "x-user-id": user.id });

export function benchEndpoints({
  users,
  main,
  conversations,
  gmailSynced,
  networkEtag,
}: EndpointContext): Endpoint[] {
  const logins = rotate(users);
  const searchers = rotate(users.filter((user) => user.id !== main.id));
  const searches = rotate(SEARCHES);
  const filters = rotate(DIRECTORY_FILTERS);
  const contacts = rotate(conversations);
  const login = (path: string) => () => {
    const user = logins();
    return {
      method: "POST" as const,
      path,
      body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
    };
  };
  const search = (path: string, headers: (user: BenchUser) => Record<string, string>) => () => {
    const user = searchers();
    return { path: `${path}?${qs({ ...searches(), num_results: 5 })}`, headers: headers(user) };
  };
  const directory = (path: string, headers: Record<string, string>) => () => ({
    path: `${path}?${qs({ limit: 1000, offset: 0, ...filters() })}`,
    headers,
  });
  const thread = (path: string, headers: Record<string, string>) => () => ({
    path: `${path}/${contacts()}`,
    headers,
  });
  return [
    {
      name: "log-in",
      request: `POST /api/auth/login, ${users.length} users in turn (argon2id verify)`,
      app: login("/api/auth/login"),
      bare: login("/bare/login"),
    },
    {
      name: "my-network/mine first screen",
      request: `GET ${NETWORK_FIRST_SCREEN_PATH} (the web client's first request on My Network)`,
      app: () => ({ path: NETWORK_FIRST_SCREEN_PATH, headers: bearer(main) }),
      bare: () => ({ path: `/bare/mine?limit=${FIRST_SCREEN}`, headers: asUser(main) }),
    },
    {
      name: "my-network/mine",
      request: `GET ${NETWORK_FIRST_BATCH_PATH} (a batch of 1,000 records)`,
      app: () => ({ path: NETWORK_FIRST_BATCH_PATH, headers: bearer(main) }),
      bare: () => ({ path: "/bare/mine?limit=1000", headers: asUser(main) }),
    },
    {
      name: "my-network/mine 304",
      request: `GET ${NETWORK_FIRST_SCREEN_PATH} revalidated with its ETag (If-None-Match) while nothing changed: 304, no body (the web client's revalidation of its first screen)`,
      app: () => ({
        path: NETWORK_FIRST_SCREEN_PATH,
        headers: { ...bearer(main), "if-none-match": networkEtag() },
      }),
      bare: () => ({
        path: BARE_REVALIDATED_PATH,
        headers: { ...asUser(main), "if-none-match": networkEtag() },
      }),
    },
    {
      name: "global-contacts/all first screen",
      request: `GET ${DIRECTORY_FIRST_SCREEN_PATH} (the directory page's first request, no filter)`,
      app: () => ({ path: DIRECTORY_FIRST_SCREEN_PATH, headers: bearer(main) }),
      bare: () => ({ path: `/bare/global?limit=${FIRST_SCREEN}&offset=0`, headers: asUser(main) }),
    },
    {
      name: "global-contacts/all",
      request: `GET /api/global-contacts/all?limit=1000 with ${DIRECTORY_FILTERS.length} filter sets in turn`,
      app: directory("/api/global-contacts/all", bearer(main)),
      bare: directory("/bare/global", asUser(main)),
    },
    {
      name: "my-network/search",
      request: `GET /api/my-network/search, ${SEARCHES.length} searches in turn, num_results=5, by ${users.length - 1} users (each saves and spends credits)`,
      app: search("/api/my-network/search", bearer),
      bare: search("/bare/search", asUser),
    },
    {
      name: "emails/thread/{id}",
      request: `GET /api/emails/thread/{contactId}, ${conversations.length} conversations in turn (3 messages each; ${gmailSynced ? "its Gmail thread synced on every opening" : "no Gmail connected, so no sync"})`,
      app: thread("/api/emails/thread", bearer(main)),
      bare: thread("/bare/thread", asUser(main)),
    },
    {
      name: "startups",
      request: "GET /api/startups (public, whole directory)",
      app: () => ({ path: "/api/startups" }),
      bare: () => ({ path: "/bare/startups" }),
    },
  ];
}

/** One endpoint's load run against one side, on a settled server; printed as it ends. */
export async function measureEndpoint(
  baseUrl: string,
  endpoint: Endpoint,
  side: "app" | "bare",
  settings: LoadSettings & { cpuPid?: number },
  label: string = side,
): Promise<LoadResult> {
  const settleUrl = `${baseUrl}${side === "app" ? "/api/health" : "/bare/ready"}`;
  const result = await measureLoad(baseUrl, endpoint[side], { ...settings, settleUrl });
  const cpu =
    result.cpuMsPerRequest == null ? "" : `, CPU ${result.cpuMsPerRequest.toFixed(2)} ms/req`;
  console.log(
    `  ${label.padEnd(4)} ${endpoint.name}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, errors ${result.errors}, non-2xx ${result.failures}${cpu}`,
  );
  return result;
}

/**
 * The ETag of the main user's first screen, asked for again every 20 s: an ETag older than 60 s
 * is no longer confirmed (NETWORK_ETAG_MAX_AGE_SECONDS), and the revalidation run must measure
 * 304s.
 */
export async function keepNetworkEtag(baseUrl: string, user: BenchUser, bare = false) {
  let etag = "";
  const refresh = async () => {
    const response = await fetch(
      bare ? `${baseUrl}${BARE_REVALIDATED_PATH}` : `${baseUrl}${NETWORK_FIRST_SCREEN_PATH}`,
      { headers: bare ? { "x-user-id": user.id } : { authorization: `Bearer ${user.token}` } },
    );
    await response.arrayBuffer();
    etag = response.headers.get("etag") ?? "";
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => undefined), 20_000);
  return { current: () => etag, stop: () => clearInterval(timer) };
}
