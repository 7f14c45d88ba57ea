import { eq, lt } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { eventTickets } from "../../db/schema";
import { type AuthUser, findLiveSession } from "../../http/auth";
import { randomToken, sha256 } from "../../lib/crypto";

/** Long enough for the page to open the stream at once, too short to be worth stealing. */
export const EVENT_TICKET_TTL_SECONDS = 30;

/**
 * A ticket that opens one live-event stream for the caller's session: EventSource cannot send
 * an Authorization header, and a session token in a URL ends up in proxies' logs (issue 32).
 * Only its hash is stored; it is used once and lives 30 seconds.
 */
export async function issueEventTicket(db: DbOrTx, user: AuthUser): Promise<string> {
  const ticket = randomToken(32);
  await db.delete(eventTickets).where(lt(eventTickets.expiresAt, new Date()));
  await db.insert(eventTickets).values({
    ticketHash: sha256(ticket),
    sessionHash: user.sessionHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + EVENT_TICKET_TTL_SECONDS * 1000),
  });
  return ticket;
}

/**
 * Takes a ticket back (gone whatever follows): answers its session's user while the ticket is
 * fresh and the session still live, else null.
 */
export async function redeemEventTicket(
  db: DbOrTx,
  config: Config,
  ticket: string,
): Promise<AuthUser | null> {
  const [row] = await db
    .delete(eventTickets)
    .where(eq(eventTickets.ticketHash, sha256(ticket)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const user = await findLiveSession(db, config, row.sessionHash);
  return user?.id === row.userId ? user : null;
}
