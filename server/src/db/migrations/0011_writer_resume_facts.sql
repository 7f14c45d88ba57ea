CREATE TABLE IF NOT EXISTS "resume_facts" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"parsed" jsonb NOT NULL,
	"corrections" jsonb,
	"parsed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_at" timestamp with time zone
);
