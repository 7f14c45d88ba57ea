-- Large public universities of every region join the directory's Education list (issue 38):
-- the contract's UNIVERSITIES names them, the demo data gives them alumni, and the listed filter
-- reads their people from contact_filter_matches like every listed value (ADR 023). Existing
-- people who studied there get their match rows here; the triggers keep contact_filter_sets.
INSERT INTO "directory_filter_values" ("id", "kind", "value") VALUES
  (135, 'education', 'Pennsylvania State University'),
  (136, 'education', 'Rutgers University'),
  (137, 'education', 'University of Massachusetts Amherst'),
  (138, 'education', 'University of Florida'),
  (139, 'education', 'Georgia Institute of Technology'),
  (140, 'education', 'University of North Carolina at Chapel Hill'),
  (141, 'education', 'University of Virginia'),
  (142, 'education', 'Purdue University'),
  (143, 'education', 'Ohio State University'),
  (144, 'education', 'University of Illinois Urbana-Champaign'),
  (145, 'education', 'University of Wisconsin-Madison'),
  (146, 'education', 'Indiana University'),
  (147, 'education', 'University of Minnesota'),
  (148, 'education', 'University of Colorado Boulder'),
  (149, 'education', 'Arizona State University'),
  (150, 'education', 'Texas A&M University'),
  (151, 'education', 'University of Utah'),
  (152, 'education', 'University of California, Los Angeles'),
  (153, 'education', 'University of Washington'),
  (154, 'education', 'University of Oregon')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "contact_filter_matches" ("value_id", "contact_id")
SELECT v.id, c.id
FROM (SELECT id, lower(education) AS education FROM contacts WHERE education IS NOT NULL OFFSET 0) AS c
JOIN (SELECT id, lower(value) AS lowered FROM directory_filter_values
      WHERE kind = 'education' AND id BETWEEN 135 AND 154 OFFSET 0) AS v
  ON strpos(c.education, v.lowered) > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- An opt-out is not a reply (issue 38): a contact whose only answers are opt-outs (or other
-- automatic mail) is Contacted, as insights count it, not Responded.
UPDATE "user_contacts" uc SET "replied" = false
WHERE uc."replied" AND NOT EXISTS (
  SELECT 1 FROM "email_messages" m
  WHERE m."user_id" = uc."user_id" AND m."contact_id" = uc."contact_id"
    AND m."direction" = 'inbound' AND m."inbound_kind" IS NULL
);
