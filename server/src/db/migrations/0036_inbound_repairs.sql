-- The one-time repair of issue 33: each stored inbound message re-read from the mailbox and
-- re-classified with today's classifier gets one row here, written in the same transaction as
-- the corrections it caused, so a run killed mid-way and run again corrects each message once.
CREATE TABLE IF NOT EXISTS "inbound_repairs" (
  "message_id" uuid PRIMARY KEY REFERENCES "email_messages"("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "old_kind" text,
  "new_kind" text NOT NULL,
  "new_cause" text,
  "failed_address" text,
  "supports_suppression" boolean NOT NULL DEFAULT false,
  "corrections" text[] NOT NULL DEFAULT '{}',
  "repaired_at" timestamp with time zone NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS "inbound_repairs_failed_address_idx" ON "inbound_repairs" ("failed_address");
