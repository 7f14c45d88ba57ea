-- Bulk loads write their people's directory filter matches once per transaction, and the match
-- table loses its foreign keys, whose checks were most of a load's extra cost (ADR 035).
ALTER TABLE "contact_filter_matches" DROP CONSTRAINT "contact_filter_matches_value_id_directory_filter_values_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_filter_matches" DROP CONSTRAINT "contact_filter_matches_contact_id_contacts_id_fk";
--> statement-breakpoint
-- A person's matches, computed for new people (ADR 035): each listed name is compared with each
-- distinct company, title and school of the batch once (they repeat: a load of 10,000 people holds
-- a few hundred), interests and industry are equality joins, and the rows are written in the
-- primary key's order. Same rule as 0007: a substring of lower() of the text, an exact element of
-- interests, the exact industry.
CREATE FUNCTION "insert_contact_filter_matches"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH person AS MATERIALIZED (
    SELECT id, company, title, education, interests, industry FROM contacts WHERE id = ANY (ids)
  ),
  listed AS MATERIALIZED (
    SELECT id, kind, value, lower(value) AS lowered FROM directory_filter_values
  ),
  texts AS (
    SELECT DISTINCT 'organization' AS kind, company AS text FROM person WHERE company IS NOT NULL
    UNION ALL SELECT DISTINCT 'position', title FROM person WHERE title IS NOT NULL
    UNION ALL SELECT DISTINCT 'education', education FROM person WHERE education IS NOT NULL
  ),
  hits AS MATERIALIZED (
    SELECT t.kind, t.text, l.id
    FROM texts t JOIN listed l ON l.kind = t.kind AND strpos(lower(t.text), l.lowered) > 0
  )
  INSERT INTO contact_filter_matches (value_id, contact_id)
  SELECT value_id, contact_id FROM (
    SELECT h.id AS value_id, p.id AS contact_id
      FROM person p JOIN hits h ON h.kind = 'organization' AND h.text = p.company
    UNION ALL SELECT h.id, p.id
      FROM person p JOIN hits h ON h.kind = 'position' AND h.text = p.title
    UNION ALL SELECT h.id, p.id
      FROM person p JOIN hits h ON h.kind = 'education' AND h.text = p.education
    UNION ALL SELECT DISTINCT l.id, p.id
      FROM person p CROSS JOIN LATERAL unnest(p.interests) AS i(value)
      JOIN listed l ON l.kind = 'interests' AND l.value = i.value
    UNION ALL SELECT l.id, p.id
      FROM person p JOIN listed l ON l.kind = 'industry' AND l.value = p.industry
  ) AS matched
  ORDER BY value_id, contact_id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_contact_filter_matches"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM contact_filter_matches WHERE contact_id = ANY (ids);
  SELECT insert_contact_filter_matches(ids);
$$;
--> statement-breakpoint
-- The bulk loader (insertContacts) sets reachout.bulk_load for its own inserts and writes the
-- matches of the whole transaction's people in one statement; every other insert is matched here.
CREATE FUNCTION "contacts_add_filter_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('reachout.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM insert_contact_filter_matches(ARRAY(SELECT id FROM changed_contacts));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "contacts_filter_matches_on_insert" ON "contacts";
--> statement-breakpoint
CREATE TRIGGER "contacts_filter_matches_on_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_add_filter_matches();
--> statement-breakpoint
-- What the dropped foreign key's ON DELETE CASCADE did, once per statement.
CREATE FUNCTION "contacts_drop_filter_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_filter_matches WHERE contact_id IN (SELECT id FROM gone_contacts);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_filter_matches_on_delete" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS gone_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_drop_filter_matches();
--> statement-breakpoint
CREATE FUNCTION "contacts_truncate_filter_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE contact_filter_matches;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_filter_matches_on_truncate" AFTER TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION contacts_truncate_filter_matches();
