-- Insights (issue 21, ADR 036): what the full computation used to derive per email on every
-- visit is kept on the email by the database, so GET /api/insights is one grouped sum over the
-- student's sent emails, with no reply window and no join to the directory.
--   replied           a sent email of a conversation that the person answered: the next message
--                     of its conversation (user, contact, by sent_at then id) is their reply, the
--                     rule of conversationSql (ADR 031); false on every other row.
--   contact_industry  the contact's industry as insights group it (insight_industry).
--   contact_seniority the seniority the contact's title reads as (insight_seniority).
-- The application never writes these columns; the triggers below keep them for every writer
-- (emails/messages.ts, the demo cohort's history, a migration, a test's or the bench's SQL).
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "replied" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "contact_industry" text;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "contact_seniority" text;
--> statement-breakpoint
-- An industry as insights and the cohort rollup group it: trimmed, lower case, 'unknown' when
-- empty (the rule's one home).
CREATE OR REPLACE FUNCTION "insight_industry"(industry text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(lower(trim(industry)), ''), 'unknown')
$$;
--> statement-breakpoint
-- A contact's seniority, read from their title (the rule's one home). Vice presidents are
-- checked before "president", and a managing director is an executive.
CREATE OR REPLACE FUNCTION "insight_seniority"(title text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN coalesce(title, '') ~* '(vice[ -]president|\m(s|e)?vp\M)' THEN 'director'
    WHEN coalesce(title, '') ~* '(\m(chief|ceo|cfo|coo|cto|cmo|founder|co-?founder|owner|partner|president)\M|managing director)'
      THEN 'executive'
    WHEN coalesce(title, '') ~* '\m(director|head)\M' THEN 'director'
    WHEN coalesce(title, '') ~* '\m(manager|lead|principal)\M' THEN 'manager'
    WHEN coalesce(title, '') ~* '\m(senior|sr|staff)\M' THEN 'senior'
    ELSE 'individual' END
$$;
--> statement-breakpoint
-- Recomputes `replied` for every row of the given conversations (pairs of user and contact ids,
-- in step). Writers of one conversation are serialised by an advisory lock per conversation
-- (taken in a fixed order), and each statement below reads with a fresh snapshot, so a
-- transaction that waited sees the other's committed messages: two writers of one conversation
-- cannot leave it with a stale answer. A bulk statement (the demo cohort, the bench) takes a
-- table lock instead of thousands of advisory locks.
CREATE OR REPLACE FUNCTION "settle_email_replies"(user_ids uuid[], contact_ids uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(user_ids), 0) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(user_ids) > 500 THEN
    LOCK TABLE email_messages IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtextextended(p.u::text || ':' || p.c::text, 36))
    FROM (SELECT DISTINCT u, c FROM unnest(user_ids, contact_ids) AS t(u, c) ORDER BY u, c) p;
  END IF;
  UPDATE email_messages m SET replied = s.replied
  FROM (
    SELECT e.id, e.direction = 'outbound' AND coalesce(lead(e.direction) OVER (
        PARTITION BY e.user_id, e.contact_id ORDER BY e.sent_at, e.id) = 'inbound', false)
        AS replied
    FROM email_messages e
    JOIN (SELECT DISTINCT u, c FROM unnest(user_ids, contact_ids) AS t(u, c)) p
      ON e.user_id = p.u AND e.contact_id = p.c
    WHERE e.sent_at IS NOT NULL
      AND ((e.direction = 'outbound' AND e.status = 'sent')
        OR (e.direction = 'inbound' AND e.inbound_kind IS NULL))
  ) s
  WHERE m.id = s.id AND m.replied IS DISTINCT FROM s.replied;
  -- A row that left its conversation (no longer sent, say) answers false again.
  UPDATE email_messages m SET replied = false
  FROM (SELECT DISTINCT u, c FROM unnest(user_ids, contact_ids) AS t(u, c)) p
  WHERE m.user_id = p.u AND m.contact_id = p.c AND m.replied
    AND NOT coalesce(m.sent_at IS NOT NULL AND m.direction = 'outbound' AND m.status = 'sent', false);
END;
$$;
--> statement-breakpoint
-- The messages stored before this migration.
UPDATE email_messages m
SET contact_industry = insight_industry(c.industry), contact_seniority = insight_seniority(c.title)
FROM contacts c WHERE c.id = m.contact_id;
--> statement-breakpoint
UPDATE email_messages m SET replied = true
FROM (
  SELECT e.id, e.direction = 'outbound' AND coalesce(lead(e.direction) OVER (
      PARTITION BY e.user_id, e.contact_id ORDER BY e.sent_at, e.id) = 'inbound', false)
      AS replied
  FROM email_messages e
  WHERE e.sent_at IS NOT NULL
    AND ((e.direction = 'outbound' AND e.status = 'sent')
      OR (e.direction = 'inbound' AND e.inbound_kind IS NULL))
) s
WHERE m.id = s.id AND s.replied;
--> statement-breakpoint
CREATE FUNCTION "email_messages_settle_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM settle_email_replies(array_agg(p.user_id), array_agg(p.contact_id))
  FROM (SELECT DISTINCT user_id, contact_id FROM inserted_messages
    WHERE sent_at IS NOT NULL
      AND ((direction = 'outbound' AND status = 'sent')
        OR (direction = 'inbound' AND inbound_kind IS NULL))) p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "email_messages_settle_on_insert" AFTER INSERT ON "email_messages"
  REFERENCING NEW TABLE AS inserted_messages FOR EACH STATEMENT
  EXECUTE FUNCTION email_messages_settle_inserted();
--> statement-breakpoint
-- An update moves a conversation only when a row enters or leaves it or moves within it; the
-- recomputation's own update (replied only) does not, so it does not recurse.
CREATE FUNCTION "email_messages_settle_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM settle_email_replies(array_agg(p.u), array_agg(p.c))
  FROM (
    SELECT DISTINCT x.u, x.c
    FROM old_messages o JOIN new_messages n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.user_id, o.contact_id), (n.user_id, n.contact_id)) AS x(u, c)
    WHERE (o.user_id, o.contact_id, o.direction, o.status, o.sent_at, o.inbound_kind)
        IS DISTINCT FROM (n.user_id, n.contact_id, n.direction, n.status, n.sent_at, n.inbound_kind)
      AND (coalesce(o.sent_at IS NOT NULL AND ((o.direction = 'outbound' AND o.status = 'sent')
            OR (o.direction = 'inbound' AND o.inbound_kind IS NULL)), false)
        OR coalesce(n.sent_at IS NOT NULL AND ((n.direction = 'outbound' AND n.status = 'sent')
            OR (n.direction = 'inbound' AND n.inbound_kind IS NULL)), false))
  ) p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "email_messages_settle_on_update" AFTER UPDATE ON "email_messages"
  REFERENCING OLD TABLE AS old_messages NEW TABLE AS new_messages FOR EACH STATEMENT
  EXECUTE FUNCTION email_messages_settle_updated();
--> statement-breakpoint
-- A removed message of a conversation whose other messages remain (deleting a contact or a
-- student removes the whole conversation: nothing is left to settle).
CREATE FUNCTION "email_messages_settle_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM settle_email_replies(array_agg(p.user_id), array_agg(p.contact_id))
  FROM (SELECT DISTINCT user_id, contact_id FROM deleted_messages d
    WHERE d.sent_at IS NOT NULL
      AND ((d.direction = 'outbound' AND d.status = 'sent')
        OR (d.direction = 'inbound' AND d.inbound_kind IS NULL))
      AND EXISTS (SELECT 1 FROM email_messages e
        WHERE e.user_id = d.user_id AND e.contact_id = d.contact_id)) p;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "email_messages_settle_on_delete" AFTER DELETE ON "email_messages"
  REFERENCING OLD TABLE AS deleted_messages FOR EACH STATEMENT
  EXECUTE FUNCTION email_messages_settle_deleted();
--> statement-breakpoint
CREATE FUNCTION "email_messages_contact_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT insight_industry(c.industry), insight_seniority(c.title)
    INTO NEW.contact_industry, NEW.contact_seniority
    FROM contacts c WHERE c.id = NEW.contact_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "email_messages_contact_keys" BEFORE INSERT OR UPDATE OF contact_id
  ON "email_messages" FOR EACH ROW EXECUTE FUNCTION email_messages_contact_keys();
--> statement-breakpoint
-- No code edits a contact today; if anything does, their emails follow.
CREATE FUNCTION "contacts_refresh_email_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE email_messages m
  SET contact_industry = insight_industry(n.industry), contact_seniority = insight_seniority(n.title)
  FROM old_contacts o JOIN new_contacts n ON n.id = o.id
  WHERE m.contact_id = n.id
    AND (o.industry, o.title) IS DISTINCT FROM (n.industry, n.title);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_refresh_email_keys" AFTER UPDATE ON "contacts"
  REFERENCING OLD TABLE AS old_contacts NEW TABLE AS new_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_refresh_email_keys();
--> statement-breakpoint
DROP INDEX IF EXISTS "email_messages_conversation_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_messages_conversation_idx" ON "email_messages" USING btree ("user_id","contact_id","sent_at","id","direction","email_format","sequence_step","replied","contact_industry","contact_seniority") WHERE ("direction" = 'outbound' and "status" = 'sent') or ("direction" = 'inbound' and "inbound_kind" is null);
