/**
 * Insights at scale (issue 21): GET /api/insights's work for one student with many contacts and
 * messages (p95 target 50 ms), and the cohort rollup over a million messages (target 60 s).
 * Seeded with set-based SQL in a database of its own, so no other phase's data moves the figures.
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "../../server/src/db/client";
import { runMigrations } from "../../server/src/db/migrate";
import { refreshInsightRollups } from "../../server/src/modules/insights";
import { forgetInsights, getInsights } from "../../server/src/modules/insights/service";
import { backendCpuMs } from "./cpu";
import { BENCH_DATABASE, createFreshDatabase } from "./postgres";

export const INSIGHTS_P95_TARGET_MS = 50;
export const ROLLUP_TARGET_S = 60;
/** Beside the bench database, named after it (BENCH_DATABASE_NAME moves both). */
const INSIGHTS_DATABASE = `${BENCH_DATABASE}_insights`;
const RUNS = 200;

export interface InsightsReport {
  contacts: number;
  messages: number;
  runs: number;
  /** Full computations (nothing kept): the first visit after a send or a reply. */
  p50: number;
  p95: number;
  max: number;
  /**
   * CPU time PostgreSQL's backends spent per full computation (version check, breakdowns and
   * funnel), read from /proc: what the computation costs an idle machine, whatever the load.
   * Null when the database does not run on this machine.
   */
  databaseCpuMs: number | null;
  /** Repeated visits with nothing changed: the version check, then the kept answer. */
  warmP50: number;
  warmP95: number;
  rollupStudents: number;
  rollupMessages: number;
  rollupSeconds: number;
  rollupRows: number;
  seedSeconds: number;
}

const INDUSTRIES = ["investment banking", "private equity", "software", "fintech", "consulting"];
const TITLES = [
  "Technical Recruiter",
  "Vice President, M&A",
  "Managing Director",
  "Engineering Manager",
  "Senior Associate",
  "Head of Talent",
];
const FORMATS = ["original", "precision", "referral"];
const sqlList = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(", ")}]`;

/**
 * `contacts` directory people; `students` students who each write to `perStudent` of them
 * (contacts shared across students). Each conversation is two messages: the first email, then a
 * reply (about one in four) or a follow-up. Sent times spread over 60 days and every hour. Each
 * student's Gmail is connected and synced and every message has its Gmail id, as synced
 * messages do: the cohort rollup counts those only.
 */
async function seed(
  raw: { exec(sql: string): Promise<unknown> },
  options: { contacts: number; students: number; conversationsPerStudent: number; offset: number },
) {
  const { contacts, students, conversationsPerStudent, offset } = options;
  await raw.exec(`
    insert into contacts (full_name, title, company, industry, email, source)
    select 'Bench Person ' || g, (${sqlList(TITLES)})[1 + g % ${TITLES.length}],
      'Company ' || (g % 500), (${sqlList(INDUSTRIES)})[1 + g % ${INDUSTRIES.length}],
      'person' || g || '@bench.example', 'bench'
    from generate_series(${offset + 1}, ${offset + contacts}) g;
    create temporary table bench_contacts as
      select id, row_number() over (order by id) - 1 as n from contacts where source = 'bench';
    create index on bench_contacts (n);
    insert into users (email, signup_method, email_verified_at)
    select 'insights' || s || '.' || ${offset} || '@bench.example', 'email', now()
    from generate_series(1, ${students}) s;
    create temporary table bench_students as
      select id, row_number() over (order by email) - 1 as n from users
      where email like 'insights%.' || ${offset} || '@bench.example';
    -- A connected mailbox that has synced: the rollup counts only what a mailbox shows (issue 32).
    -- No server runs on this database, so the token is never read.
    insert into mailboxes (user_id, email, refresh_token_enc, scopes, last_synced_at)
    select s.id, u.email, 'not used by the bench', 'gmail.send gmail.readonly', now()
    from bench_students s join users u on u.id = s.id;
    insert into user_contacts (user_id, contact_id)
    select s.id, c.id from bench_students s
      cross join generate_series(0, ${conversationsPerStudent - 1}) k
      join bench_contacts c on c.n = (s.n * 7919 + k) % ${contacts};
    insert into email_messages
      (user_id, contact_id, direction, status, subject, body, sent_at, email_format, sequence_step,
        gmail_message_id)
    select uc.user_id, uc.contact_id, m.direction, m.status, 'Bench', 'Bench body', m.sent_at,
      m.email_format, m.step, 'bench-' || uc.k || '-' || m.position
    from (select user_id, contact_id, row_number() over () as k from user_contacts
          where user_id in (select id from bench_students)) uc
    cross join lateral (values
      ('outbound', 'sent', now() - ((uc.k % 60) || ' days')::interval - ((uc.k % 24) || ' hours')::interval,
        (${sqlList(FORMATS)})[1 + uc.k % ${FORMATS.length}], 0, 1),
      (case when uc.k % 4 = 0 then 'inbound' else 'outbound' end,
        case when uc.k % 4 = 0 then 'received' else 'sent' end,
        now() - ((uc.k % 60) || ' days')::interval - ((uc.k % 24) || ' hours')::interval + interval '3 hours',
        case when uc.k % 4 = 0 then null else (${sqlList(FORMATS)})[1 + uc.k % ${FORMATS.length}] end,
        case when uc.k % 4 = 0 then null else 1 end, 2)
    ) as m(direction, status, sent_at, email_format, step, position);
    drop table bench_contacts;
    drop table bench_students;
  `);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function runInsightsBench(
  adminUrl: string,
  options: {
    insightsContacts: number;
    insightsMessages: number;
    rollupMessages: number;
    rollupStudents: number;
  },
): Promise<InsightsReport> {
  const url = await createFreshDatabase(adminUrl, INSIGHTS_DATABASE);
  const database = await openDatabase({ kind: "postgres", url, max: 4 });
  try {
    await runMigrations(database);
    const seeded = performance.now();
    // The measured student: insightsMessages / 2 conversations over insightsContacts contacts.
    await seed(database.raw, {
      contacts: options.insightsContacts,
      students: 1,
      conversationsPerStudent: Math.min(options.insightsContacts, options.insightsMessages / 2),
      offset: 0,
    });
    // The cohort: rollupMessages in all (the student's included), over the same directory.
    const cohortMessages = Math.max(0, options.rollupMessages - options.insightsMessages);
    const perStudent = Math.max(1, Math.round(cohortMessages / 2 / options.rollupStudents));
    await seed(database.raw, {
      contacts: Math.max(perStudent, options.insightsContacts),
      students: options.rollupStudents,
      conversationsPerStudent: perStudent,
      offset: options.insightsContacts,
    });
    await database.raw.exec("vacuum analyze");
    const seedSeconds = (performance.now() - seeded) / 1000;
    const { rows } = await database.raw.query<{ id: string; messages: string; total: string }>(
      `select u.id, (select count(*) from email_messages m where m.user_id = u.id) as messages,
         (select count(*) from email_messages) as total
       from users u where u.email like 'insights1.0@bench.example'`,
    );
    const student = rows[0];
    console.log(
      `  seeded in ${seedSeconds.toFixed(0)} s: the student has ${student.messages} messages; ${student.total} in all`,
    );

    let cpuBefore: number | null = null;
    const measure = async (isCold: boolean) => {
      const timings: number[] = [];
      for (let run = 0; run < RUNS + 10; run++) {
        if (isCold) forgetInsights();
        if (run === 10) cpuBefore = await backendCpuMs(database.raw);
        const began = performance.now();
        const insights = await getInsights(database.db, student.id, "Europe/London");
        const took = performance.now() - began;
        if (run >= 10) timings.push(took);
        if (insights.sent === 0) throw new Error("the bench student has no sent emails");
      }
      return timings.sort((a, b) => a - b);
    };
    const timings = await measure(true);
    const cpuAfter = await backendCpuMs(database.raw);
    const databaseCpuMs =
      cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / RUNS;
    const warm = await measure(false);

    const rolled = performance.now();
    const rollupRows = await refreshInsightRollups(database.db);
    const rollupSeconds = (performance.now() - rolled) / 1000;
    return {
      contacts: options.insightsContacts,
      messages: Number(student.messages),
      runs: RUNS,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      max: timings[timings.length - 1],
      databaseCpuMs,
      warmP50: percentile(warm, 50),
      warmP95: percentile(warm, 95),
      rollupStudents: options.rollupStudents + 1,
      rollupMessages: Number(student.total),
      rollupSeconds,
      rollupRows,
      seedSeconds,
    };
  } finally {
    await database.close();
  }
}
