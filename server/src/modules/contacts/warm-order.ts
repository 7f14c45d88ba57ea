import { eq, sql } from "drizzle-orm";
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
 * "Warm first" kept ready per student (issue 41, ADR 041): each student's first warm people (up
 * to `WARM_ORDER_KEEP` of them, in page order) with their rank and the kinds they share, in
 * `directory_warm_people`, so that a page walks an index instead of ranking candidates.
 * `directory_warm_orders` holds the signals the rows were computed for and the last kept
 * person's place in the order (`last_*`, null when every warm person is kept); a page uses them
 * only while they are the student's signals now, and falls back to ranking on the fly (ADR 033)
 * otherwise, asking for a build, or when it reaches past the last kept person.
 *
 * What the rows hold: every warm person up to the last kept one, and no one after it. A build
 * writes the first `keep` and sets the place of the last; new people are added only when they
 * rank up to it (the place never moves but by a build), so the kept people stay exactly the
 * order's first ones up to that place, however many are added.
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

/**
 * How many people of a student's order a build keeps unless told (`WARM_ORDER_KEEP` in the
 * config): the first 5,000 answer the first five pages of 1,000 of any filter most of them
 * hold, and cost 5,000 rows (about 0.5 MB) a student (ADR 041).
 */
export const WARM_ORDER_KEEP = 5000;

/**
 * How a student's kept order answers "Warm first": not (none, or built for other signals),
 * whole (every warm person is kept), or up to its last kept person (`prefix`: a page past it is
 * ranked on the fly, `directoryPageRows`).
 */
export type KeptOrder = false | "whole" | "prefix";

/** A kept person's place in page order: rank, kinds shared (most first), id. */
interface OrderPlace {
  rank: number;
  kinds: number;
  contactId: string;
}

/** The student's signals as the kept order stores and compares them. */
export const warmOrderSignature = (student: StudentSignals) =>
  JSON.stringify(warmOrderSignals(student));

/**
 * Whether this student's kept order is built for these signals, and whether it keeps every warm
 * person. False also when the student shares nothing with anyone (no order is kept: the page is
 * the default order).
 */
export async function warmOrderReady(
  db: DbOrTx,
  userId: string,
  student: StudentSignals,
): Promise<KeptOrder> {
  if (!warmthSql(student)) return false;
  const [order] = await db
    .select({ signature: directoryWarmOrders.signature, lastRank: directoryWarmOrders.lastRank })
    .from(directoryWarmOrders)
    .where(eq(directoryWarmOrders.userId, userId));
  if (order?.signature !== warmOrderSignature(student)) return false;
  return order.lastRank === null ? "whole" : "prefix";
}

/**
 * The people among `ids` (new directory people) warm to these signals, as rows of the kept
 * order; with `upTo`, only those placed up to it.
 */
function warmPeopleOf(
  userId: string,
  signals: StudentSignals,
  ids: string[],
  upTo: OrderPlace | null,
) {
  const warmth = warmthSql(signals);
  if (!warmth) return null;
  const which = sql`${contacts.id} = any(${`{${ids.join(",")}}`}::uuid[])`;
  return sql`select ${userId}::uuid as user_id, ranked.id as contact_id, rank, kinds, has_email,
      coalesce(${contactFilterSets.valueIds}, '{}') as value_ids
    from (
      select ${contacts.id} as id, ${warmth.rank} as rank, ${warmth.count} as kinds,
        ${contacts.email} is not null as has_email
      from ${contacts} where ${listedInDirectory} and ${which}) ranked
    left join ${contactFilterSets} on ${contactFilterSets.contactId} = ranked.id
    where rank < ${sql.raw(String(NOT_WARM_RANK))}${
      upTo
        ? sql` and (rank, -kinds, ranked.id) <= (${upTo.rank}, ${-upTo.kinds}, ${upTo.contactId}::uuid)`
        : sql``
    }`;
}

/**
 * The student's first `count` warm people as rows of the kept order, in page order, read tier by
 * tier as ADR 033's page reads them (`warmCandidatesSql`: each rank's candidates through the
 * trigram indexes, those whose strongest kind it is): a tier is read only when the tiers before
 * it hold fewer than `count`, so a build of the first 5,001 at 1,000,000 people reads the
 * alumni alone instead of every warm person. The same people as `warmPeopleOf`'s first `count`
 * (warm-first.test.ts compares the tiers with ranking everyone; warm-order.test.ts the builds).
 */
function firstWarmPeopleOf(userId: string, signals: StudentSignals, count: number) {
  const warmth = warmthSql(signals);
  if (!warmth) return null;
  const tiers = warmCandidatesSql(signals);
  const name = (i: number) => sql.raw(`tier_${i}`);
  const definitions = tiers.map(
    ({ rank, people }, i) =>
      sql`${name(i)} as materialized (select id, kinds from (
        select ${contacts.id} as id, ${warmth.rank} as rank, ${warmth.count} as kinds
        from ${contacts} where ${listedInDirectory} and ${people}) ranked
        where rank = ${sql.raw(String(rank))})`,
  );
  const sizeOf = (i: number) => sql`(select count(*) from ${name(i)})`;
  // Every sum of the first tiers' sizes, shortest first: PostgreSQL stops at the first false
  // one, so a tier past the count is never counted or read.
  const fewerBefore = (i: number) =>
    i === 0
      ? sql`true`
      : sql.join(
          Array.from(
            { length: i },
            (_, n) =>
              sql`${sql.join(
                Array.from({ length: n + 1 }, (_, j) => sizeOf(j)),
                sql` + `,
              )} < ${count}`,
          ),
          sql` and `,
        );
  const tierRows = tiers.map(
    ({ rank }, i) =>
      sql`(select id, ${sql.raw(String(rank))} as rank, kinds from ${name(i)}
        where ${fewerBefore(i)} order by kinds desc, id limit ${count})`,
  );
  return sql`with ${sql.join(definitions, sql`, `)}
    select ${userId}::uuid as user_id, first.id as contact_id, first.rank, first.kinds,
      ${contacts.email} is not null as has_email,
      coalesce(${contactFilterSets.valueIds}, '{}') as value_ids
    from (select id, rank, kinds from (${sql.join(tierRows, sql` union all `)}) tiers
      order by rank, kinds desc, id limit ${count}) first
    join ${contacts} on ${contacts.id} = first.id
    left join ${contactFilterSets} on ${contactFilterSets.contactId} = first.id
    order by first.rank, first.kinds desc, first.id`;
}

/**
 * Builds (or builds again) a student's kept order for their signals now (or the ones given:
 * tests), in one transaction, keeping its first `keep` people; with no warm signal, removes it.
 * Safe to run twice: each run replaces the rows whole. Answers how many people it keeps.
 */
export async function buildWarmOrder(
  db: DbOrTx,
  userId: string,
  student?: StudentSignals,
  keep = WARM_ORDER_KEEP,
): Promise<number> {
  const count = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WARM_ORDER_LOCK})`);
    // Read under the lock: a build asked for by an older change reads the newest signals.
    const signals = warmOrderSignals(student ?? (await loadStudentSignals(tx, userId)));
    // The people go with their order's row (on delete cascade).
    await tx.delete(directoryWarmOrders).where(eq(directoryWarmOrders.userId, userId));
    const people = firstWarmPeopleOf(userId, signals, keep + 1);
    if (!people) return 0;
    await tx
      .insert(directoryWarmOrders)
      .values({ userId, signature: JSON.stringify(signals), builtAt: new Date() });
    // One person more than kept says whether anyone is left out; the last kept one's place is
    // then where the kept people end.
    const [row] = rowsOf<{
      found: number;
      count: number;
      rank: number | null;
      kinds: number | null;
      contact_id: string | null;
    }>(
      await tx.execute(sql`with found as materialized (${people}),
        inserted as (
          insert into ${directoryWarmPeople} (user_id, contact_id, rank, kinds, has_email, value_ids)
          select * from found order by rank, kinds desc, contact_id limit ${keep}
          returning rank, kinds, contact_id)
        select (select count(*) from found)::int as found, (select count(*) from inserted)::int as count,
          last.rank, last.kinds, last.contact_id
        from (select 1) one left join lateral (select rank, kinds, contact_id from inserted
          order by rank desc, kinds, contact_id desc limit 1) last on true`),
    );
    if (row.found > row.count) {
      await tx
        .update(directoryWarmOrders)
        .set({ lastRank: row.rank, lastKinds: row.kinds, lastContactId: row.contact_id })
        .where(eq(directoryWarmOrders.userId, userId));
    }
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
 * signals it was built for, and keeps those placed up to its last kept person (those after it
 * are ranked on the fly with the rest); past `budget` comparisons every order is forgotten
 * instead. The last kept person's place is not moved: an order may hold more than a build
 * keeps, by the people added since it was built who rank among its first.
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
    const upTo =
      order.lastRank === null || order.lastKinds === null || order.lastContactId === null
        ? null
        : { rank: order.lastRank, kinds: order.lastKinds, contactId: order.lastContactId };
    const people = warmPeopleOf(
      order.userId,
      JSON.parse(order.signature) as StudentSignals,
      ids,
      upTo,
    );
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
        await buildWarmOrder(deps.database.db, userId, undefined, deps.config.warmOrderKeep);
      },
    }),
  ];
}
