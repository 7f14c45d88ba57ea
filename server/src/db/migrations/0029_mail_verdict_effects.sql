-- What a classified inbound report does (issue 33). A mailbox or network failure holds the
-- address for the student's own sequences for 14 days (never a global suppression); a refusal of
-- the sender is recorded for the student's sending health and never touches the recipient; the
-- cause of every stored report is kept so the 5% bounce rule counts only the recipients' failures.
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "inbound_cause" text;

CREATE TABLE IF NOT EXISTS "address_holds" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "held_until" timestamp with time zone NOT NULL,
  "cause" text NOT NULL,
  "detail" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "email")
);

CREATE TABLE IF NOT EXISTS "sender_rejections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "refused_by" text,
  "status" text,
  "notice" text NOT NULL,
  "sentence" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX IF NOT EXISTS "sender_rejections_user_idx" ON "sender_rejections" ("user_id", "created_at");
