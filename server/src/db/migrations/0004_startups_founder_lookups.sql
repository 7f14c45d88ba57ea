CREATE INDEX "founders_linkedin_idx" ON "founders" USING btree ("person_linkedin");--> statement-breakpoint
CREATE INDEX "founders_email_idx" ON "founders" USING btree (lower("person_email"));--> statement-breakpoint
CREATE INDEX "founders_profile_idx" ON "founders" USING btree ("person_profile_url");