-- Applications and insights (issue 21): applications with their stage history and linked contacts,
-- the facts insights group sent emails by (format, sequence step, application), and the cohort
-- rollup the benchmarks read. `sequence_step` and `inbound_kind` are also added by the sequences
-- and deliverability migrations; `if not exists` lets all three apply in any order.
CREATE TABLE IF NOT EXISTS "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company" text NOT NULL,
	"role" text NOT NULL,
	"stage" text DEFAULT 'saved' NOT NULL,
	"posting_url" text,
	"location" text,
	"notes" text,
	"applied_on" date,
	"deadline_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_user_idx" ON "applications" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "application_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_stage_changes_application_idx" ON "application_stage_changes" USING btree ("application_id","changed_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_stage_changes_user_idx" ON "application_stage_changes" USING btree ("user_id","to_stage");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "application_contacts" (
	"application_id" uuid NOT NULL REFERENCES "applications"("id") ON DELETE cascade,
	"contact_id" uuid NOT NULL REFERENCES "contacts"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_contacts_pk" PRIMARY KEY("application_id","contact_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "application_contacts_user_contact_idx" ON "application_contacts" USING btree ("user_id","contact_id");
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "sequence_step" integer;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "inbound_kind" text;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "email_format" text;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "application_id" uuid REFERENCES "applications"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_messages_application_idx" ON "email_messages" USING btree ("application_id") WHERE "application_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "insight_rollups" (
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"students" integer NOT NULL,
	"synthetic_students" integer DEFAULT 0 NOT NULL,
	"sent" integer NOT NULL,
	"replied" integer NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "insight_rollups_pk" PRIMARY KEY("dimension","value","format")
);
