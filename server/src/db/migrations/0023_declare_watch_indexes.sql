-- The two partial indexes of the hand-written migrations 0017 (watch renewal) and 0019 (Graph
-- subscription id), now declared in the schema (db/schema/files.ts) so that drizzle-kit's
-- snapshot knows them; they exist wherever 0017 and 0019 ran, so nothing is built here.
CREATE INDEX IF NOT EXISTS "gmail_accounts_watch_renew_idx" ON "gmail_accounts" USING btree ("watch_renew_at") WHERE "gmail_accounts"."status" = 'connected';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gmail_accounts_watch_id_idx" ON "gmail_accounts" USING btree ("watch_id") WHERE "gmail_accounts"."watch_id" is not null;
