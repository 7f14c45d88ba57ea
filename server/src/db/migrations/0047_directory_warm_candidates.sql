-- Issue 41: "Warm first" with no filter ranked every listed person (a full read of the directory).
-- Its page now starts from the people who share something with the student, found through
-- trigram indexes: school (university, education), employer (company), major (education) and
-- city (location) had or get one here; interests get one over the array as one text, so a
-- substring of any element is found, and an element that starts with given letters (each
-- element follows a space: `warmCandidatesSql` in contacts/warm-signals.ts).
CREATE OR REPLACE FUNCTION contact_interests_text(interests text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ' ' || array_to_string(interests, ' ') $$;
CREATE INDEX IF NOT EXISTS "contacts_university_trgm" ON "contacts" USING gin ("university" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "contacts_interests_text_trgm" ON "contacts"
  USING gin (contact_interests_text("interests") gin_trgm_ops);
