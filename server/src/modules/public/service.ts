import {
  type ContactInfoResponse,
  MESSAGES,
  TARGET_ROLES,
  type WaitlistRequest,
} from "@reachout/contract";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { newsletter, users, waitlist } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict } from "../../http/errors";
import { enqueueSystemEmail } from "../system-email";

export async function joinWaitlist(deps: AppDeps, entry: WaitlistRequest): Promise<void> {
  const targetRoles = [...new Set(entry.roles ?? [])];
  await deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(waitlist)
      .values({ name: entry.name, email: entry.email, phone: entry.phone ?? null, targetRoles })
      .onConflictDoNothing()
      .returning({ id: waitlist.id });
    if (inserted.length === 0) throw conflict(MESSAGES.waitlist.duplicate);
    await enqueueSystemEmail(deps, tx, {
      to: entry.email,
      subject: "You're on the Reachout waitlist",
      text: [
        `Hi ${entry.name},`,
        "",
        "Thanks for joining the Reachout beta waitlist. The beta is limited to 500 students;",
        "we will email you as soon as your seat is ready. No credit card is required.",
        ...rolesParagraph(targetRoles),
        "",
        "— The Reachout team",
      ].join("\n"),
    });
  });
}

/** Echoes the picked roles by name, so the student sees what the agent will search for first. */
function rolesParagraph(roleIds: string[]): string[] {
  const names = roleIds.map((id) => TARGET_ROLES.find((role) => role.id === id)?.name ?? id);
  if (names.length === 0) return [];
  return ["", `You told us you are targeting: ${names.join(", ")}.`];
}

export function readContactInfo(deps: AppDeps): ContactInfoResponse {
  const { supportEmail, businessEmail, salesEmail } = deps.config.mail;
  return { support_email: supportEmail, business_email: businessEmail, sales_email: salesEmail };
}

export async function subscribeNewsletter(deps: AppDeps, email: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletter)
      .values({ email })
      .onConflictDoNothing()
      .returning({ id: newsletter.id });
    if (inserted.length === 0) throw conflict("This email is already subscribed.");
    await enqueueSystemEmail(deps, tx, {
      to: email,
      subject: "Your Reachout newsletter subscription",
      text: 'You\'re subscribed to the Reachout newsletter: outreach tips and product news, about once a month.\n\nTo stop, reply with "unsubscribe".',
    });
  });
}

/**
 * Admin: approve (or withdraw) an address's early access through its waitlist entry, creating
 * the entry (named after the account, when there is one) when the person never joined.
 */
export async function setWaitlistApproval(
  db: DbOrTx,
  email: string,
  approved: boolean,
): Promise<void> {
  const approvedAt = approved ? new Date() : null;
  const updated = await db
    .update(waitlist)
    .set({ approvedAt })
    .where(sql`lower(${waitlist.email}) = ${email}`)
    .returning({ id: waitlist.id });
  if (updated.length > 0 || !approved) return;
  const [user] = await db
    .select({ name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  await db
    .insert(waitlist)
    .values({ name: user?.name || email.split("@")[0], email, approvedAt })
    .onConflictDoUpdate({ target: waitlist.email, set: { approvedAt } });
}
