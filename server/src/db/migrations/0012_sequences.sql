CREATE TABLE IF NOT EXISTS "sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"window_start" text,
	"window_end" text,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sequences_user_idx" ON "sequences" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sequence_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"sequence_id" uuid NOT NULL REFERENCES "sequences"("id") ON DELETE cascade,
	"contact_id" uuid NOT NULL REFERENCES "contacts"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"first_email_id" uuid NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"current_email_id" uuid NOT NULL,
	"next_step_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"time_zone" text,
	"stopped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sequence_enrollments_one_active_key" ON "sequence_enrollments" USING btree ("user_id","contact_id") WHERE "status" in ('active', 'paused');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sequence_enrollments_due_idx" ON "sequence_enrollments" USING btree ("status","next_step_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sequence_enrollments_sequence_idx" ON "sequence_enrollments" USING btree ("sequence_id","created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "enrollment_steps" (
	"enrollment_id" uuid NOT NULL REFERENCES "sequence_enrollments"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text,
	"email_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("enrollment_id","position")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "enrollment_id" uuid;
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN IF NOT EXISTS "sequence_step" integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_messages_enrollment_idx" ON "email_messages" USING btree ("enrollment_id") WHERE "enrollment_id" IS NOT NULL;
