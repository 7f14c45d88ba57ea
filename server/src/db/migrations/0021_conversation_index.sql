-- Insights (issue 21): a student's conversations in the order conversationSql's reply window
-- reads them (user, contact, sent_at, id), with the columns the insights group by, so reading
-- 20,000 messages is one index-only range scan with no sort.
CREATE INDEX IF NOT EXISTS "email_messages_conversation_idx" ON "email_messages" USING btree ("user_id","contact_id","sent_at","id","direction","email_format","sequence_step") WHERE "sent_at" is not null and (("direction" = 'outbound' and "status" = 'sent') or ("direction" = 'inbound' and "inbound_kind" is null));
