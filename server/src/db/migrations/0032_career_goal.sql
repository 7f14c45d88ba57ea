-- The student's goal and stage (issue 36): what they look for, for when, which roles,
-- industries and places, and where they stand (student, graduate student, recent graduate,
-- career changer, experienced). Null until the student confirms it on the profile; meanwhile
-- the writer follows the goal read from the resume and today's date.
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "goal" jsonb;
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "goal_confirmed_at" timestamp with time zone;
