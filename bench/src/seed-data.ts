/**
 * The benchmark's data: the global contacts (through the contacts module's bulk loader), users
 * sharing one argon2 hash, the main user's network and the startup directory.
 */
import { LOCAL_KEYS } from "@reachout/contract";
import { generateContacts } from "@reachout/sandbox";
import { sql } from "drizzle-orm";
import type { Config } from "../../server/src/config";
import { type Database, rowsOf } from "../../server/src/db/client";
import { creditLedger, profiles, resumes, users } from "../../server/src/db/schema";
import { issueSession } from "../../server/src/http/auth";
import { buildTextPdf } from "../../server/src/lib/text-pdf";
import { hashPassword } from "../../server/src/modules/auth/password";
import { insertContacts } from "../../server/src/modules/contacts/bulk-load";
import { loadResumeFacts } from "../../server/src/modules/resumes";
import { seedStartups } from "../../server/src/modules/startups/seed";

export const BENCH_PASSWORD = "bench-password-1";
/** Enough that no search or save of the run is ever refused for credits. */
const BENCH_CREDITS = 1_000_000;
/** Loaders running at once: one generates people while the other's batch is in the database. */
const LOADERS = 2;

export interface BenchUser {
  id: string;
  email: string;
  token: string;
}

/** The localStorage entries the web app keeps a signed-in session in, for this user. */
export const storedSession = (user: BenchUser): Array<[string, string]> => [
  [LOCAL_KEYS.token, user.token],
  [LOCAL_KEYS.user, JSON.stringify({ id: user.id, email: user.email })],
];

/** Runs in the page: writes {@link storedSession}'s entries. */
export const writeStoredSession = (entries: Array<[string, string]>) => {
  for (const [key, value] of entries) localStorage.setItem(key, value);
};

const log = (text: string) => console.log(`  ${text}`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** An index set aside during the load: the statement that drops it and the one that builds it. */
interface SetAside {
  drop: string;
  build: string;
}

/**
 * The indexes no statement of a load reads, set aside while it runs and built again in bulk
 * after it (the same definitions the migrations made): every index of `contacts` and the filter
 * tables but the unique ones `on conflict` arbitrates (contacts' primary key also finds the new
 * people whose matches are computed), and the match table's primary key, which a load cannot
 * collide with (it only adds the rows of new people). Each row written into a B-tree at random
 * costs far more than its share of a sorted build.
 */
async function indexesToSetAside(database: Database): Promise<SetAside[]> {
  const rows = rowsOf<{
    tablename: string;
    name: string;
    definition: string;
    constraint: string | null;
  }>(
    await database.db.execute(sql`
      select t.relname as tablename, x.relname as name, pg_get_indexdef(i.indexrelid) as definition,
        (select pg_get_constraintdef(c.oid) from pg_constraint c where c.conindid = i.indexrelid
          and c.conrelid = i.indrelid) as constraint
      from pg_index i
      join pg_class t on t.oid = i.indrelid
      join pg_class x on x.oid = i.indexrelid
      where t.relname in ('contacts', 'contact_filter_matches', 'contact_filter_sets')
        and t.relnamespace = current_schema()::regnamespace
        and (not i.indisunique or t.relname = 'contact_filter_matches')
      -- The slowest builds first (trigram GIN, then ~6 rows a person), so parallel builders end together.
      order by x.relam = (select oid from pg_am where amname = 'gin') desc,
        t.relname = 'contact_filter_matches' desc, x.relname`),
  );
  return rows.map(({ tablename, name, definition, constraint }) =>
    constraint
      ? {
          drop: `alter table ${tablename} drop constraint ${name}`,
          build: `alter table ${tablename} add constraint ${name} ${constraint}`,
        }
      : { drop: `drop index ${name}`, build: definition },
  );
}

/**
 * Loads `count` generated people, with {@link indexesToSetAside}'s indexes set aside during the
 * load; `rebuildIndexes` runs the statements that build them again.
 */
export async function seedContacts(
  database: Database,
  count: number,
  rebuildIndexes: (statements: string[]) => Promise<void>,
): Promise<{ loadSeconds: number; indexSeconds: number }> {
  const setAside = await indexesToSetAside(database);
  for (const index of setAside) await database.raw.exec(index.drop);
  const began = Date.now();
  const share = Math.ceil(count / LOADERS);
  let loaded = 0;
  let reported = 0;
  await Promise.all(
    Array.from({ length: LOADERS }, (_, i) => {
      const start = i * share;
      const size = Math.max(0, Math.min(share, count - start));
      let mine = 0;
      return insertContacts(database.db, generateContacts(start, size), {
        onProgress: (inserted) => {
          loaded += inserted - mine;
          mine = inserted;
          if (loaded - reported >= 100_000) {
            reported = loaded;
            log(`${loaded.toLocaleString("en-US")} contacts (${seconds(began)})`);
          }
        },
      });
    }),
  );
  const loadSeconds = (Date.now() - began) / 1000;
  log(`${count.toLocaleString("en-US")} contacts loaded in ${seconds(began)}; building indexes`);
  const indexing = Date.now();
  await rebuildIndexes(setAside.map((index) => index.build));
  log(`indexes built in ${seconds(indexing)}`);
  return { loadSeconds, indexSeconds: (Date.now() - indexing) / 1000 };
}

/**
 * `count` verified users sharing one argon2id hash of BENCH_PASSWORD, each with plenty of
 * credits (granted through the ledger) and a session.
 */
export async function seedUsers(
  database: Database,
  config: Config,
  count: number,
): Promise<BenchUser[]> {
  const db = database.db;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const created: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
      email: `bench.student.${String(i + j).padStart(4, "0")}@uni.example`,
      name: `Bench Student ${i + j}`,
      passwordHash,
      signupMethod: "email" as const,
      emailVerifiedAt: new Date(),
      credits: BENCH_CREDITS,
    }));
    created.push(
      ...(await db.insert(users).values(rows).returning({ id: users.id, email: users.email })),
    );
  }
  await db.insert(creditLedger).values(
    created.map((user) => ({
      userId: user.id,
      delta: BENCH_CREDITS,
      balanceAfter: BENCH_CREDITS,
      reason: "adjustment",
      reference: "bench",
      description: "Benchmark credits",
    })),
  );
  const sessions: BenchUser[] = [];
  for (const user of created) {
    sessions.push({ ...user, token: await issueSession(db, config, user) });
  }
  return sessions;
}

/** Saves `count` directory people (with an address) to the user's network, newest first. */
export async function seedNetwork(database: Database, userId: string, count: number) {
  await database.db.execute(sql`
    insert into user_contacts (user_id, contact_id, saved_at)
    select ${userId}, id, now() - (row_number() over (order by id)) * interval '37 seconds'
    from (
      select id from contacts
      where email is not null and is_student = false
      order by id limit ${count}
    ) picked`);
  const ids = rowsOf<{ contact_id: string }>(
    await database.db.execute(
      sql`select contact_id from user_contacts where user_id = ${userId} order by saved_at desc`,
    ),
  );
  return ids.map((row) => row.contact_id);
}

const RESUME_LINES = [
  "Bench Student",
  "EDUCATION",
  "Cornell University, B.S. in Computer Science, Expected May 2026",
  "EXPERIENCE",
  "Cloudforge, Software Engineering Intern, Jun 2025 - Aug 2025",
  "- Cut the p95 latency of the billing API from 180 ms to 40 ms",
  "SKILLS",
  "TypeScript, PostgreSQL, Python",
];

/** What sending needs: a resume (attached to every email), its facts and the profile facts. */
export async function addResumes(database: Database, userIds: string[]) {
  if (userIds.length === 0) return;
  const data = buildTextPdf(RESUME_LINES);
  await database.db.insert(resumes).values(
    userIds.map((userId) => ({
      userId,
      filename: "Bench_Student_Resume.pdf",
      mimeType: "application/pdf",
      sizeBytes: data.length,
      data,
      text: RESUME_LINES.join("\n"),
    })),
  );
  await database.db
    .insert(profiles)
    .values(
      userIds.map((userId) => ({
        userId,
        university: "Cornell University",
        major: "Computer Science",
        graduationYear: 2026,
      })),
    )
    .onConflictDoNothing();
  // An upload stores the resume's facts (the warm signals read them on every list request); the
  // rows above were written directly, so the facts are read and stored once here, as the first
  // ask for them does for a resume uploaded before facts were kept.
  for (const userId of userIds) await loadResumeFacts(database.db, userId);
}

export async function seedStartupDirectory(database: Database) {
  await seedStartups(database.db);
  const [row] = rowsOf<{ startups: number; founders: number }>(
    await database.db.execute(
      sql`select (select count(*) from startups)::int as startups, (select count(*) from founders)::int as founders`,
    ),
  );
  return row;
}
