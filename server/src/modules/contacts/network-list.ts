import { createHash } from "node:crypto";
import type { NetworkPageResponse } from "@reachout/contract";
import { count, eq, sql } from "drizzle-orm";
import { type Db, type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages, userContacts } from "../../db/schema";
import {
  decodeNetworkCursor,
  encodeNetworkCursor,
  type NetworkCursor,
  selectNetworkListContacts,
} from "./records";
import { loadStudentSignals, type StudentSignals } from "./warm-signals";

/**
 * How long a list answer may be confirmed unchanged (304) after it was computed. Within it only
 * what other students do can go unseen: another student's first email to one of these people
 * (the "wrote this week" badge), a bounce or opt-out they caused, and the 7-day window of that
 * count moving on. Everything the user's own data changes is seen at once (see ADR 034).
 */
export const NETWORK_ETAG_MAX_AGE_SECONDS = 60;

async function countNetwork(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(userContacts)
    .where(eq(userContacts.userId, userId));
  return row.count;
}

export interface NetworkPage {
  limit?: number;
  offset?: number;
  /** A `next_cursor` of an earlier answer. */
  after?: string;
}

/**
 * One batch of the user's network, newest first: after a cursor (keyset) or at an offset, or
 * the whole network without a limit (select all, CSV export: bounded by the credits spent).
 * One row past the batch tells whether more follow.
 */
export async function listNetworkContacts(
  db: Db,
  userId: string,
  page: NetworkPage,
  known: { student?: StudentSignals; total?: number } = {},
): Promise<NetworkPageResponse> {
  const { student } = known;
  const after = page.after ? decodeNetworkCursor(page.after) : undefined;
  const [batch, total] = await Promise.all([
    (async () =>
      selectNetworkListContacts(
        db,
        userId,
        {
          limit: page.limit === undefined ? undefined : page.limit + 1,
          offset: page.offset,
          after,
        },
        student ?? (await loadStudentSignals(db, userId)),
      ))(),
    // The fingerprint read before the list counted the saved rows already.
    known.total ?? countNetwork(db, userId),
  ]);
  const hasMore = page.limit !== undefined && batch.contacts.length > page.limit;
  const data = hasMore ? batch.contacts.slice(0, page.limit) : batch.contacts;
  const last: NetworkCursor | undefined = batch.cursors[data.length - 1];
  return {
    data,
    total,
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeNetworkCursor(last) : null,
  };
}

/**
 * A fingerprint of everything of this user's that the list shows: every saved row and every
 * email row of theirs (how many, and the sum of their row versions: PostgreSQL gives a row a
 * new `xmin`, its writer's transaction id, on each insert and update, so any write moves the
 * sum, even one by a transaction that began before the last answer), and the student's own
 * warm-signal facts. Read before the list, so a change committed in between makes the next
 * request recompute rather than confirm old data.
 */
async function networkFingerprint(
  db: Db,
  userId: string,
): Promise<{ fingerprint: string; student: StudentSignals; saved: number }> {
  const [[rows], student] = await Promise.all([
    db
      .execute(
        sql`select
          (select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from ${userContacts}
            where ${userContacts.userId} = ${userId}) as saved,
          (select count(*) || '.' || coalesce(sum(xmin::text::bigint), 0) from ${emailMessages}
            where ${emailMessages.userId} = ${userId}) as emails`,
      )
      .then((result) => rowsOf<{ saved: string; emails: string }>(result)),
    loadStudentSignals(db, userId),
  ]);
  return {
    fingerprint: `${rows.saved}:${rows.emails}:${JSON.stringify(student)}`,
    student,
    saved: Number.parseInt(rows.saved, 10),
  };
}

const ETAG = /^W\/"([A-Za-z0-9_-]{22})\.(\d{1,12})"$/;

/** The list's ETag: the fingerprint and request hashed, and when the answer was computed. */
function etagOf(hash: string, computedAt: number) {
  return `W/"${hash}.${computedAt}"`;
}

/** Whether an If-None-Match names this fingerprint's answer, computed recently enough. */
function isStillValid(ifNoneMatch: string | undefined, hash: string, now: number): string | null {
  for (const tag of (ifNoneMatch ?? "").split(",")) {
    const match = ETAG.exec(tag.trim());
    if (!match || match[1] !== hash) continue;
    const computedAt = Number(match[2]);
    if (computedAt <= now && now - computedAt < NETWORK_ETAG_MAX_AGE_SECONDS) return tag.trim();
  }
  return null;
}

export type CachedNetworkPage =
  | { etag: string; notModified: true }
  | { etag: string; notModified: false; page: NetworkPageResponse };

/**
 * A batch of the list with its ETag, or only "not modified" when the client's copy (its
 * If-None-Match) is still what the list would answer: then the batch is not read at all.
 */
export async function listNetworkContactsCached(
  db: Db,
  userId: string,
  page: NetworkPage,
  ifNoneMatch: string | undefined,
): Promise<CachedNetworkPage> {
  const { fingerprint, student, saved } = await networkFingerprint(db, userId);
  const hash = createHash("sha256")
    .update(`${userId}\n${JSON.stringify(page)}\n${fingerprint}`)
    .digest("base64url")
    .slice(0, 22);
  const now = Math.floor(Date.now() / 1000);
  const valid = isStillValid(ifNoneMatch, hash, now);
  if (valid) return { etag: valid, notModified: true };
  return {
    etag: etagOf(hash, now),
    notModified: false,
    page: await listNetworkContacts(db, userId, page, { student, total: saved }),
  };
}
