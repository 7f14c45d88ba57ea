-- Copy mode (issue 22): a student who cannot or prefers not to connect a mailbox sends each
-- email from their own mail app and tells Reachout; and the record of a mailbox connection that
-- was started but never came back (a university administrator's block stops it at Google).
CREATE TABLE IF NOT EXISTS "mailbox_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"mode" text,
	"connect_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
