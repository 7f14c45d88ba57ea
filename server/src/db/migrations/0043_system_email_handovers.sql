-- A verification code's 15 minutes start when its email is handed to the mail server, not when
-- it was queued (issue 37): an SMTP outage of an hour delayed the email and it arrived expired.
-- The outbox records each hand-over; a code remembers the Message-ID of the email that bore it.
CREATE TABLE IF NOT EXISTS "system_email_handovers" (
  "message_id" text PRIMARY KEY,
  "handed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN IF NOT EXISTS "message_id" text;
