-- Mailbox providers (issue 22): which service holds a student's connected mailbox. Every
-- connection so far is a Gmail one; a Microsoft 365 connection stores "microsoft" (its change
-- cursor, a Graph delta link, lives in history_id like Gmail's historyId).
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "provider" text DEFAULT 'gmail' NOT NULL;
