import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users, waitlist } from "../../db/schema";
import type { AuthUser } from "../../http/auth";
import { forbidden } from "../../http/errors";
import { setWaitlistApproval } from "../public";

/** Plans whose price includes the founder directory (the Black card lists it; see ADR 012). */
export const STARTUP_ACCESS_PLANS = ["black", "enterprise"] as const;

export const STARTUP_ACCESS_REQUIRED =
  "The startup founder directory is in early access. Join the waitlist, or upgrade to the Black plan, to email founders.";

/**
 * Early access to the founder directory: admins, users on a plan that includes it, and users
 * whose waitlist entry (same email) an admin approved.
 */
export async function hasStartupAccess(
  db: DbOrTx,
  user: Pick<AuthUser, "id" | "isAdmin">,
): Promise<boolean> {
  if (user.isAdmin) return true;
  const [row] = await db
    .select({ plan: users.plan, approvedAt: waitlist.approvedAt })
    .from(users)
    .leftJoin(
      waitlist,
      and(sql`lower(${waitlist.email}) = lower(${users.email})`, isNotNull(waitlist.approvedAt)),
    )
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) return false;
  return (STARTUP_ACCESS_PLANS as readonly string[]).includes(row.plan) || row.approvedAt !== null;
}

/**
 * Refuses (403) a founder-directory request that is not the caller's own or whose caller has no
 * early access. The spec's client (§7) sends user_id in startup bodies. It must be the caller:
 * it never chooses whose resume, Gmail or network is used.
 */
export async function requireStartupCaller(
  db: DbOrTx,
  user: AuthUser,
  request: { user_id: string },
): Promise<void> {
  if (request.user_id !== user.id) throw forbidden("user_id does not match the signed-in user.");
  if (!(await hasStartupAccess(db, user))) throw forbidden(STARTUP_ACCESS_REQUIRED);
}

/**
 * Admin: approve (or withdraw) early access for an address through its waitlist entry, creating
 * the entry when the person never joined the waitlist.
 */
export async function setStartupAccess(
  db: DbOrTx,
  email: string,
  hasAccess: boolean,
): Promise<{ email: string; has_access: boolean }> {
  await setWaitlistApproval(db, email, hasAccess);
  return { email, has_access: hasAccess };
}
