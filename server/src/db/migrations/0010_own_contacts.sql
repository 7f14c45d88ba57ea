-- Own contacts: people a user adds by hand or imports from a CSV. They live in `contacts` (so they
-- can be emailed like any other) with their owner's id, stay out of the shared directory and of
-- other users' searches, and are unique per owner instead of globally.
ALTER TABLE "contacts" ADD COLUMN IF NOT EXISTS "owner_user_id" uuid REFERENCES "users"("id") ON DELETE CASCADE;--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contacts_email_key" ON "contacts" USING btree (lower("email")) WHERE "owner_user_id" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_linkedin_key";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contacts_linkedin_key" ON "contacts" USING btree ("linkedin") WHERE "owner_user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "contacts_owner_email_key" ON "contacts" USING btree ("owner_user_id", lower("email")) WHERE "owner_user_id" IS NOT NULL;
--> statement-breakpoint
-- Usage History reads newest first: rows written in one transaction (an agent search saving
-- several contacts) need distinct times, so the ledger stamps each row when it is written.
ALTER TABLE "credit_ledger" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();
