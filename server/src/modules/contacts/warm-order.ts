import { eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type DbOrTx, rowsOf, type Tx } from "../../db/client";
import {
  contactFilterSets,
  contacts,
  directoryWarmOrders,
  directoryWarmPeople,
} from "../../db/schema";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition } from "../../jobs/boss";
import { listedInDirectory } from "./conditions";
import {
  loadStudentSignals,
  NOT_WARM_RANK,
  type StudentSignals,
  warmCandidatesSql,
  warmOrderSignals,
  warmthSql,
} from "./warm-signals";

/**
 * "Warm first" kept ready per student (issue 41, ADR 041): each student's warm people with their
 * rank and the kinds they share, in `directory_warm_people`, so that a page walks an index
 * instead of ranking candidates. `directory_warm_orders` holds the signals the rows were
 * computed for; a page uses them only while they are the student's signals now, and falls back
 * to ranking on the fly (ADR 033) otherwise, asking for a build.
 *
 * Who writes the rows, and why they never miss a person:
 * - `buildWarmOrder` (the job below) computes a student's rows from scratch under the
 *   exclusive advisory lock WARM_ORDER_LOCK;
 * - `addToWarmOrders` adds new directory people to every built order in the transaction that
 *   inserts them (`insertContacts`, `addPersonToNetwork`), under the same lock shared;
 * - triggers of migration 0049 forget every order (under the lock shared) when a directory
 *   person is updated or deleted, or the listed filter values change.
 * A build waits for every writer that may have missed its order (read the orders before it was
 * committed) to commit, so its read of the directory holds their people; a writer that reads
 * the orders after a build took the lock waits for the build, and then sees its order.
 */
const WARM_ORDER_LOCK = sql`727041, 0`;

export const WARM_ORDER_JOB = "contacts.warm-order";

/** The student's signals as the kept order stores and compares them. */
export const warmOrderSignature = (student: StudentSignals) =>
  JSON.stringify(warmOrderSignals(student));

/**
 * Whether this student's kept order is built for these signals. False also when the student
 * shares nothing with anyone (no order is kept: the page is the default order).
 */
export async function warmOrderReady(
  db: DbOrTx,
  userId: string,
  student: StudentSignals,
): Promise<boolean> {
  if (!warmthSql(student)) return false;
  const [order] = await db
    .select({ signature: directoryWarmOrders.signature })
    .from(directoryWarmOrders)
    .where(eq(directoryWarmOrders.userId, userId));
  return order?.signature === warmOrderSignature(student);
}

/** The people among `ids` (or everyone) warm to these signals, as rows of the kept order. */
function warmPeopleOf(userId: string, signals: StudentSignals, ids?: string[]) {
  const warmth = warmthSql(signals);
  if (!warmth) return null;
  // The candidates of every kind (a superset of the warm, each through a trigram index) keep
  // a build from ranking people who share nothing.
  const candidates = or(...warmCandidatesSql(signals).map((tier) => tier.people));
  const which = ids ? sql`${contacts.id} = any(${`{${ids.join(",")}}`}::uuid[])` : candidates;
  // In the page's order, so that a build lays the rows out in the order pages read them.
  return sql`select ${userId}::uuid as user_id, ranked.id as contact_id, rank, kinds, has_email,
      coalesce(${contactFilterSets.valueIds}, '{}') as value_ids
    from (
      select ${contacts.id} as id, ${warmth.rank} as rank, ${warmth.count} as kinds,
        ${contacts.email} is not null as has_email
      from ${contacts} where ${listedInDirectory} and ${which}) ranked
    left join ${contactFilterSets} on ${contactFilterSets.contactId} = ranked.id
    where rank < ${sql.raw(String(NOT_WARM_RANK))}
    order by rank, kinds desc, ranked.id`;
}

/**
 * Builds (or builds again) a student's kept order for their signals now (or the ones given:
 * tests), in one transaction; with no warm signal, removes it. Safe to run twice: each run
 * replaces the rows whole. Answers how many warm people it holds.
 */
export async function buildWarmOrder(
  db: DbOrTx,
  userId: string,
  student?: StudentSignals,
): Promise<number> {
  const count = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WARM_ORDER_LOCK})`);
    // Read under the lock: a build asked for by an older change reads the newest signals.
    const signals = warmOrderSignals(student ?? (await loadStudentSignals(tx, userId)));
    // The people go with their order's row (on delete cascade).
    await tx.delete(directoryWarmOrders).where(eq(directoryWarmOrders.userId, userId));
    const people = warmPeopleOf(userId, signals);
    if (!people) return 0;
    await tx
      .insert(directoryWarmOrders)
      .values({ userId, signature: JSON.stringify(signals), builtAt: new Date() });
    const [row] = rowsOf<{ count: number }>(
      await tx.execute(sql`with inserted as (
          insert into ${directoryWarmPeople} (user_id, contact_id, rank, kinds, has_email, value_ids) ${people}
          returning 1)
        select count(*)::int as count from inserted`),
    );
    return row.count;
  });
  // The planner walks the order index only when it knows how many rows a student has: without
  // statistics (a first build, before autovacuum's) it reads every warm person by bitmap and
  // sorts them (0.5 s at 1,000,000 people instead of 15 ms). A sample of the table: 0.2 s.
  await db.execute(sql`analyze ${directoryWarmPeople}`);
  return count;
}

/**
 * How many (person, kept order) comparisons a transaction that adds people makes at most; above
 * it the orders are forgotten instead (rebuilt when their students next ask). One comparison
 * costs 25–35 µs at 1,000,000 people (10,000 people into one order: 0.26–0.35 s), so a bulk
 * import's transaction of 10,000 people keeps one order and forgets more, and a search's few
 * dozen people keep hundreds.
 */
export const WARM_ORDER_KEEP_BUDGET = 20_000;

/**
 * New directory people into every kept order, in the transaction that inserted them (before it
 * commits, so no page sees them outside their place). Each order compares them with the
 * signals it was built for; past `budget` comparisons every order is forgotten instead.
 */
export async function addToWarmOrders(
  tx: Tx,
  ids: string[],
  budget = WARM_ORDER_KEEP_BUDGET,
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${WARM_ORDER_LOCK})`);
  const orders = await tx.select().from(directoryWarmOrders);
  if (orders.length * ids.length > budget) {
    await tx.delete(directoryWarmOrders);
    return;
  }
  for (const order of orders) {
    const people = warmPeopleOf(order.userId, JSON.parse(order.signature) as StudentSignals, ids);
    if (!people) continue;
    await tx.execute(sql`insert into ${directoryWarmPeople} (user_id, contact_id, rank, kinds, has_email, value_ids)
      ${people}
      on conflict (user_id, contact_id) do update
        set rank = excluded.rank, kinds = excluded.kinds, has_email = excluded.has_email,
          value_ids = excluded.value_ids`);
  }
}

/** Asks for a build of the student's kept order (at most one waiting per student). */
export async function requestWarmOrder(deps: Pick<AppDeps, "boss">, userId: string): Promise<void> {
  await deps.boss.send(WARM_ORDER_JOB, { userId }, { singletonKey: userId });
}

export function warmOrderJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: WARM_ORDER_JOB,
      payload: z.object({ userId: z.uuid() }),
      queue: { policy: "short", retryLimit: 2, retryDelay: 30 },
      handle: async ({ userId }) => {
        await buildWarmOrder(deps.database.db, userId);
      },
    }),
  ];
}
