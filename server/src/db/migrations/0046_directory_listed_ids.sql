-- Issue 41: the directory's first page (no filter) walked contacts' primary key and read every
-- row it passed, the people the user had already saved included (10,000 saved: 43 ms at 100,000
-- people). This index holds the ids of the people the page lists by default (real names, not
-- founders, not students, shared, with an address: the query's own conditions), so the walk
-- reads ids from the index alone and only the page's rows from the table.
CREATE INDEX IF NOT EXISTS "contacts_listed_email_id_idx" ON "contacts" ("id")
  WHERE "owner_user_id" IS NULL AND "is_student" = false AND "source" <> 'startup_founder'
    AND "full_name" !~* '^\s*(unknown\s*)*$' AND "email" IS NOT NULL;
