-- Issue 32. Self-reported (copy-mode) messages stay with the student who recorded them: the
-- recipient weekly cap, the "students wrote this week" count and the cohort benchmarks read only
-- what a connected mailbox sent. Rows recorded by "I sent it" / "They replied" carry our
-- `<copy-…@reachout>` Message-ID, which marks the ones already stored.
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "self_reported" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "email_messages" SET "self_reported" = true
  WHERE "rfc822_message_id" LIKE '<copy-%@reachout>' AND NOT "self_reported";
--> statement-breakpoint
-- The opt-out form's confirmation emails per normalised address (sub-address dropped, case
-- folded) and day: one row per address, taken by a conditional upsert, so concurrent requests
-- cannot pass the limit together.
CREATE TABLE IF NOT EXISTS "opt_out_mail_budget" (
  "address_key" text PRIMARY KEY NOT NULL,
  "window_started_at" timestamp with time zone NOT NULL,
  "sent" integer NOT NULL
);
