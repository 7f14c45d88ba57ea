-- Real contact exports (issue 35): a LinkedIn connection without a shared address is kept as
-- "no email yet"; an export's other addresses, labels and LinkedIn's "Connected On" are kept;
-- a person without an address may be matched to a directory person by name and company
-- (the match's address is revealed for a credit, like a directory save).
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "other_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "connected_on" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "matched_contact_id" uuid;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "contacts" ADD CONSTRAINT "contacts_matched_contact_id_contacts_id_fk"
    FOREIGN KEY ("matched_contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- An import finds the directory's people by name and company without reading every row.
CREATE INDEX IF NOT EXISTS "contacts_name_company_idx" ON "contacts" USING btree (lower("full_name"), lower(coalesce("company", ''))) WHERE "owner_user_id" IS NULL;
