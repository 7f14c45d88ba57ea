-- Copy mode's follow-ups (issue 22): an enrolment of a student who sends from their own mail
-- app is `manual`: its due steps are reminders the student sends and marks, never queued sends.
ALTER TABLE "sequence_enrollments" ADD COLUMN IF NOT EXISTS "manual" boolean DEFAULT false NOT NULL;
