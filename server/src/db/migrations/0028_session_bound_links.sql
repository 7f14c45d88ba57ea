-- Issue 32. A mailbox connection is bound to the session that started it: the flow keeps that
-- session's hash, and the callback stores the grant only while that session is still live and
-- the browser carries the flow's HttpOnly cookie (a link sent to someone else completes nothing).
ALTER TABLE "oauth_states" ADD COLUMN IF NOT EXISTS "session_hash" text;
--> statement-breakpoint
-- The live-event stream no longer takes the session token in its URL: the page asks for a
-- ticket by POST (bearer) and opens the stream with it. A ticket is kept as its hash, lives
-- 30 seconds and is used once.
CREATE TABLE IF NOT EXISTS "event_tickets" (
  "ticket_hash" text PRIMARY KEY NOT NULL,
  "session_hash" text NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL
);
