-- Replies in seconds (issue 22): each mailbox's push watch (Gmail users.watch on a Pub/Sub
-- topic) and when it ends; a daily sweep renews watches that end within a day.
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "watch_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "watch_renew_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gmail_accounts_watch_renew_idx" ON "gmail_accounts" ("watch_renew_at") WHERE "status" = 'connected';
