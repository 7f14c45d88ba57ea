-- Deliverability (issue 20): global suppressions (hard bounces, opt-outs), opt-out requests from
-- the public page, inbound message kinds (bounce, automatic reply), the mailbox warm-up start
-- and the automated-sending pause, and the index the recipient weekly cap counts with.
CREATE TABLE IF NOT EXISTS "suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opt_out_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opt_out_requests_email_idx" ON "opt_out_requests" USING btree ("email","created_at");
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "inbound_kind" text;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "is_first_email" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "classification_note" text;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "returns_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_messages_recipient_first_idx" ON "email_messages" USING btree (lower("to_email"), "sent_at") WHERE "is_first_email";
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "warmup_started_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "gmail_accounts" SET "warmup_started_at" = "connected_at" WHERE "warmup_started_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ALTER COLUMN "warmup_started_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ALTER COLUMN "warmup_started_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "automated_paused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "automated_paused_reason" text;
--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN IF NOT EXISTS "automated_resumed_at" timestamp with time zone;
