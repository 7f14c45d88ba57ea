-- Which mailbox a started connection was for (issue 38): the Account page asks "Did connecting
-- Outlook work?" rather than Gmail when the student never came back from Microsoft.
ALTER TABLE "mailbox_settings" ADD COLUMN IF NOT EXISTS "connect_provider" text;
