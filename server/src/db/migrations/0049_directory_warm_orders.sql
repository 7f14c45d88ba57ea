-- Issue 41: "Warm first" kept ready per student (ADR 041). A page ranked the directory's warm
-- people from trigram candidates on every request (a tier read whole to be sorted by kinds
-- shared: 350-1,000 ms at 1,000,000 people). Each student's warm people are now stored once,
-- with their rank and the kinds they share, and a page walks them in order through the second
-- index. `directory_warm_orders` says which signals the rows were computed for: a page uses them
-- only while those are the student's signals now (contacts/warm-order.ts).
CREATE TABLE IF NOT EXISTS "directory_warm_orders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signature" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "directory_warm_orders" ADD CONSTRAINT "directory_warm_orders_user_id_users_id_fk"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "directory_warm_people" (
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"rank" smallint NOT NULL,
	"kinds" smallint NOT NULL,
	"has_email" boolean NOT NULL,
	"value_ids" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	CONSTRAINT "directory_warm_people_user_id_contact_id_pk" PRIMARY KEY("user_id","contact_id")
);--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "directory_warm_people" ADD CONSTRAINT "directory_warm_people_user_id_directory_warm_orders_user_id_fk"
    FOREIGN KEY ("user_id") REFERENCES "directory_warm_orders"("user_id") ON DELETE CASCADE;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- The page's order: rank, kinds shared (most first), id.
CREATE INDEX IF NOT EXISTS "directory_warm_people_order_idx" ON "directory_warm_people" USING btree ("user_id","rank","kinds" DESC,"contact_id");
--> statement-breakpoint
-- The kept rows are added by the application when people are inserted (insertContacts,
-- addPersonToNetwork). Anything else that could change a kept row (an update or a delete of a
-- directory person, a change to the listed values) removes every kept order: the pages rank on
-- the fly until each is built again (ADR 041).
-- The lock is the one a build holds alone (contacts/warm-order.ts): a build under way when the
-- change commits is waited for and then forgotten, and one that starts after reads the change.
CREATE FUNCTION "directory_warm_orders_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727041, 0);
  DELETE FROM directory_warm_orders;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contacts_forget_warm_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_contacts WHERE owner_user_id IS NULL) THEN
    PERFORM pg_advisory_xact_lock_shared(727041, 0);
    DELETE FROM directory_warm_orders;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_forget_warm_orders" AFTER UPDATE ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_forget_warm_orders();
--> statement-breakpoint
CREATE TRIGGER "contacts_delete_forgets_warm_orders" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS changed_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_forget_warm_orders();
--> statement-breakpoint
CREATE TRIGGER "contacts_truncate_forgets_warm_orders" AFTER TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION directory_warm_orders_forget();
--> statement-breakpoint
CREATE TRIGGER "directory_filter_values_forget_warm_orders" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "directory_filter_values" FOR EACH STATEMENT EXECUTE FUNCTION directory_warm_orders_forget();
