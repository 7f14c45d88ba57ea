-- One name for the mailbox (issue 40, ADR 038): the table of connected mailboxes holds Gmail and
-- Microsoft mailboxes alike, so it is `mailboxes`, and an email's conversation id is `thread_id`
-- whichever provider gave it. Renames only: every row and value stays where it is.
ALTER TABLE "gmail_accounts" RENAME TO "mailboxes";
--> statement-breakpoint
-- Its constraints: the primary key (and its index), the foreign key to users and, on PostgreSQL 18
-- (PGlite too), the named NOT NULL constraints; each keeps its suffix.
DO $$
DECLARE
  old_name text;
BEGIN
  FOR old_name IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = '"mailboxes"'::regclass AND conname LIKE 'gmail\_accounts\_%'
  LOOP
    EXECUTE format(
      'ALTER TABLE "mailboxes" RENAME CONSTRAINT %I TO %I',
      old_name,
      'mailboxes_' || substr(old_name, length('gmail_accounts_') + 1)
    );
  END LOOP;
END $$;
--> statement-breakpoint
ALTER INDEX "gmail_accounts_watch_renew_idx" RENAME TO "mailboxes_watch_renew_idx";
--> statement-breakpoint
ALTER INDEX "gmail_accounts_watch_id_idx" RENAME TO "mailboxes_watch_id_idx";
--> statement-breakpoint
ALTER TABLE "email_messages" RENAME COLUMN "gmail_thread_id" TO "thread_id";
