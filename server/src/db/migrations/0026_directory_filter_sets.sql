-- Each person's listed filter values as one sorted array with a GIN index (issue 23): a page
-- filtered by several listed values that few people share all of intersects their posting lists
-- here instead of reading every match row of each value (ADR 023). Kept from
-- contact_filter_matches by statement triggers, so every writer of the matches keeps it too.
CREATE TABLE "contact_filter_sets" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"value_ids" smallint[] NOT NULL
);
--> statement-breakpoint
-- New match rows are added to their people's arrays (a bulk load's people get theirs in one
-- statement); removed ones recompute their people's arrays from what is left.
CREATE FUNCTION "contact_filter_matches_add_sets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_filter_sets (contact_id, value_ids)
  SELECT contact_id, array_agg(value_id ORDER BY value_id) FROM added_matches GROUP BY contact_id
  ON CONFLICT (contact_id) DO UPDATE SET value_ids = ARRAY(
    SELECT DISTINCT v FROM unnest(contact_filter_sets.value_ids || excluded.value_ids) AS v ORDER BY v
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contact_filter_matches_drop_sets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_filter_sets WHERE contact_id IN (SELECT contact_id FROM removed_matches);
  INSERT INTO contact_filter_sets (contact_id, value_ids)
  SELECT contact_id, array_agg(value_id ORDER BY value_id) FROM contact_filter_matches
  WHERE contact_id IN (SELECT contact_id FROM removed_matches)
  GROUP BY contact_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contact_filter_matches_truncate_sets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE contact_filter_sets;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contact_filter_matches_sets_on_insert" AFTER INSERT ON "contact_filter_matches"
  REFERENCING NEW TABLE AS added_matches FOR EACH STATEMENT
  EXECUTE FUNCTION contact_filter_matches_add_sets();
--> statement-breakpoint
CREATE TRIGGER "contact_filter_matches_sets_on_delete" AFTER DELETE ON "contact_filter_matches"
  REFERENCING OLD TABLE AS removed_matches FOR EACH STATEMENT
  EXECUTE FUNCTION contact_filter_matches_drop_sets();
--> statement-breakpoint
CREATE TRIGGER "contact_filter_matches_sets_on_truncate" AFTER TRUNCATE ON "contact_filter_matches"
  FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_matches_truncate_sets();
--> statement-breakpoint
INSERT INTO contact_filter_sets (contact_id, value_ids)
SELECT contact_id, array_agg(value_id ORDER BY value_id) FROM contact_filter_matches GROUP BY contact_id;
--> statement-breakpoint
CREATE INDEX "contact_filter_sets_value_ids_idx" ON "contact_filter_sets" USING gin ("value_ids");
