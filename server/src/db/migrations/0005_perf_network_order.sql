DROP INDEX "user_contacts_user_saved_idx";--> statement-breakpoint
CREATE INDEX "user_contacts_user_saved_idx" ON "user_contacts" USING btree ("user_id","saved_at","id");