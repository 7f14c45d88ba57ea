/**
 * What one `npm run bench` does, from the command line:
 *   npm run bench                       full scale (1,000,000 contacts), every phase
 *   npm run bench -- --contacts 100000 --skip pglite,web --duration 5
 *   npm run bench -- --contacts 100000 --skip plans,dispatch,web,pglite,insights \
 *     --endpoints my-network/mine      only the endpoints named (comma-separated)
 *   npm run bench -- --contacts 10000 --skip endpoints,plans,dispatch,web,pglite,insights \
 *     --duration 5                     the three-process run alone, at reduced scale
 *   npm run bench -- --render [FILE]   the report of the last run (its raw figures, kept in the
 *                                      temporary folder) written again, targets checked anew
 */
/**
 * endpoints, dispatch and web run against one seeded PostgreSQL server, then cluster against three
 * (behind a round-robin proxy) on the same database; pglite has its own. words (time to first
 * words) runs a second app server on the same database with the fake LLM configured.
 */
export const PHASES = [
  "endpoints",
  "plans",
  "dispatch",
  "web",
  "cluster",
  "pglite",
  "insights",
  "words",
] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  /** Global contacts seeded into PostgreSQL. */
  contacts: number;
  /** Global contacts seeded into PGlite (an embedded database loads far slower). */
  pgliteContacts: number;
  users: number;
  /** Saved contacts of the main bench user (My Network). */
  network: number;
  /** Email messages of the main bench user. */
  messages: number;
  connections: number;
  /** Interleaved app/bare runs per endpoint; each side keeps its best. */
  rounds: number;
  /** Seconds of each measured load run (after its warm-up). */
  duration: number;
  warmup: number;
  /** Scheduled emails dispatched, and how many mailboxes send them. */
  dispatchEmails: number;
  dispatchMailboxes: number;
  /** GMAIL_MIN_SPACING_SECONDS of the benchmarked server. */
  spacingSeconds: number;
  /** Insights: the measured student's contacts and messages, then the cohort the rollup reads. */
  insightsContacts: number;
  insightsMessages: number;
  rollupMessages: number;
  rollupStudents: number;
  /** Streamed email generations timed to their first words (the fake LLM's pace). */
  firstWordsRequests: number;
  phases: Set<Phase>;
  /** The endpoints measured (their names in bench/src/endpoints.ts); empty means all. */
  endpoints: string[];
  adminUrl: string;
  /** Where the report is written (docs/benchmarks.md unless given). */
  output: string;
}

const DEFAULTS: Omit<BenchOptions, "phases" | "endpoints" | "adminUrl" | "output"> = {
  contacts: 1_000_000,
  pgliteContacts: 250_000,
  users: 1000,
  network: 10_000,
  messages: 2000,
  connections: 50,
  rounds: 2,
  duration: 10,
  warmup: 3,
  dispatchEmails: 1000,
  dispatchMailboxes: 100,
  spacingSeconds: 5,
  insightsContacts: 10_000,
  insightsMessages: 20_000,
  rollupMessages: 1_000_000,
  rollupStudents: 2000,
  firstWordsRequests: 50,
};

const NUMERIC: Array<keyof typeof DEFAULTS> = Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const value = (flag: string) => {
    const index = argv.indexOf(`--${flag}`);
    return index < 0 ? undefined : argv[index + 1];
  };
  const options = { ...DEFAULTS } as BenchOptions;
  for (const name of NUMERIC) {
    const raw = value(kebab(name));
    if (raw === undefined) continue;
    const number = Number(raw);
    if (!Number.isFinite(number) || number < 0) {
      throw new Error(`--${kebab(name)} must be a non-negative number`);
    }
    options[name] = number;
  }
  const skipped = (value("skip") ?? "").split(",").filter(Boolean);
  for (const phase of skipped) {
    if (!(PHASES as readonly string[]).includes(phase)) {
      throw new Error(`--skip takes ${PHASES.join(", ")}`);
    }
  }
  options.phases = new Set(PHASES.filter((phase) => !skipped.includes(phase)));
  options.endpoints = (value("endpoints") ?? "").split(",").filter(Boolean);
  options.adminUrl = env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  options.output = value("output") ?? "docs/benchmarks.md";
  if (options.network > options.contacts / 2) {
    throw new Error("--network must be at most half of --contacts");
  }
  return options;
}
