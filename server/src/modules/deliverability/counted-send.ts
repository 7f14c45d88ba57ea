import { inArray, type SQL, sql } from "drizzle-orm";
import { emailMessages } from "../../db/schema";

/**
 * The one rule of a counted send, read by the mailbox's daily cap and spacing
 * (emails/limits.ts), an address's weekly cap (recipient-cap.ts) and the Account page's count
 * (status.ts): an email that used, or may have used, one of the mailbox's sends. `sending` and
 * `unknown` count because the provider may have accepted them.
 */
export const COUNTED_SEND_STATUSES = ["sending", "sent", "unknown"] as const;
export const countedSend: SQL = inArray(emailMessages.status, [...COUNTED_SEND_STATUSES]);
/** When a counted send used its send: when it went, or was last touched while in doubt. */
export const sendUsedAt: SQL = sql`coalesce(${emailMessages.sentAt}, ${emailMessages.updatedAt})`;
