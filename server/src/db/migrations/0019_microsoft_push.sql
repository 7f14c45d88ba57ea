-- Outlook replies in seconds (issue 22): a Microsoft mailbox's Graph change-notification
-- subscription id, renewed in place by the watch sweep; notifications name it.
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "watch_id" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gmail_accounts_watch_id_idx" ON "gmail_accounts" ("watch_id") WHERE "watch_id" IS NOT NULL;
