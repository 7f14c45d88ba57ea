-- settle_email_replies (0024) read each conversation through a join the planner was free to
-- turn around: with statistics that had not caught up with a filling table (a fresh
-- deployment, the sequence bench), its cached plan walked every sent message of every student
-- and kept the one conversation asked for: 6,000 index entries and 9 ms for each email marked
-- sent at 300 students, growing with the table. Each (user, contact) pair is now read by a
-- LATERAL subquery, which can only be answered per pair from the (user_id, contact_id) indexes,
-- whatever the statistics say. The rule (a sent email is replied when the conversation's next
-- message is an inbound reply) is unchanged.
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
  FROM (SELECT DISTINCT u, c FROM unnest(user_ids, contact_ids) AS t(u, c)) p
  CROSS JOIN LATERAL (
    SELECT e.id, e.direction = 'outbound' AND coalesce(lead(e.direction) OVER (
        ORDER BY e.sent_at, e.id) = 'inbound', false) AS replied
    FROM email_messages e
    WHERE e.user_id = p.u AND e.contact_id = p.c AND e.sent_at IS NOT NULL
      AND ((e.direction = 'outbound' AND e.status = 'sent')
        OR (e.direction = 'inbound' AND e.inbound_kind IS NULL))
  ) s
  WHERE m.id = s.id AND m.replied IS DISTINCT FROM s.replied;
  -- A row that left its conversation (no longer sent, say) answers false again.
  UPDATE email_messages m SET replied = false
  FROM (SELECT DISTINCT u, c FROM unnest(user_ids, contact_ids) AS t(u, c)) p
  CROSS JOIN LATERAL (
    SELECT e.id FROM email_messages e
    WHERE e.user_id = p.u AND e.contact_id = p.c AND e.replied
      AND NOT coalesce(e.sent_at IS NOT NULL AND e.direction = 'outbound' AND e.status = 'sent', false)
    OFFSET 0
  ) x
  WHERE m.id = x.id;
END;
$$;
