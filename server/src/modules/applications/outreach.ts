import { sql } from "drizzle-orm";

/**
 * The messages conversationSql reads (alias `m`): sent emails and people's replies. The partial
 * index email_messages_conversation_idx has this predicate, so a query that repeats it reads
 * the index alone.
 */
export const conversationMessagesSql = sql`m.sent_at is not null
      and ((m.direction = 'outbound' and m.status = 'sent')
        or (m.direction = 'inbound' and m.inbound_kind is null))`;

/**
 * The one definition of a sent email and a reply that every figure of applications and insights
 * uses. A reply is a person's answer: bounces and automatic replies (deliverability's
 * `inbound_kind`) are neither replies nor messages. Each reply is credited to the email it
 * answered, the last one sent before it, so a reply after a follow-up counts for the follow-up
 * and not again for the first email: the database keeps that outcome on the email (`replied`,
 * `settle_email_replies` of migration 0024, ADR 036), so a filter that takes part of a
 * conversation still reads its whole conversation's answer.
 *
 * `conversationSql(userFilter)` yields rows: user_id, contact_id, id, direction, subject,
 * sent_at, email_format, sequence_step, application_id, is_replied (false on a reply).
 */
export function conversationSql(userFilter: ReturnType<typeof sql>) {
  return sql`
    select m.user_id, m.contact_id, m.id, m.direction, m.subject, m.sent_at, m.email_format,
      m.sequence_step, m.application_id, m.replied as is_replied
    from email_messages m
    where ${userFilter} and ${conversationMessagesSql}`;
}
