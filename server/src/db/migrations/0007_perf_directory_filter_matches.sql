-- The directory's fixed filter lists and who matches each value, kept by triggers: a filtered page
-- reads its rows in (value_id, contact_id) order instead of sorting every match by id (ADR 023).
CREATE TABLE "contact_filter_matches" (
	"value_id" smallint NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "contact_filter_matches_value_id_contact_id_pk" PRIMARY KEY("value_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "directory_filter_values" (
	"id" smallint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_filter_matches" ADD CONSTRAINT "contact_filter_matches_value_id_directory_filter_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."directory_filter_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_filter_matches" ADD CONSTRAINT "contact_filter_matches_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_filter_matches_contact_idx" ON "contact_filter_matches" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_filter_values_kind_value_key" ON "directory_filter_values" USING btree ("kind","value");--> statement-breakpoint
ALTER TABLE "contact_filter_matches" ALTER COLUMN "value_id" SET STATISTICS 1000;--> statement-breakpoint
INSERT INTO "directory_filter_values" ("id", "kind", "value") VALUES
  (1, 'organization', 'Atlas Operations Group'),
  (2, 'organization', 'Bluewater Asset Management'),
  (3, 'organization', 'Brightline Consulting'),
  (4, 'organization', 'Brightpath Studio'),
  (5, 'organization', 'Bytewell'),
  (6, 'organization', 'Canvas & Co'),
  (7, 'organization', 'Clearview Management Consulting'),
  (8, 'organization', 'Cloudforge'),
  (9, 'organization', 'Codeyard'),
  (10, 'organization', 'Cortex Data'),
  (11, 'organization', 'Crescent Lake Ventures'),
  (12, 'organization', 'DeepHarbor AI'),
  (13, 'organization', 'Formwise'),
  (14, 'organization', 'Granite Peak Bank'),
  (15, 'organization', 'Harborview Partners'),
  (16, 'organization', 'Hatch Design'),
  (17, 'organization', 'Ironclad Securities'),
  (18, 'organization', 'Kestrel Software'),
  (19, 'organization', 'Keystone Advisory'),
  (20, 'organization', 'Latent Labs'),
  (21, 'organization', 'Lattice Strategy Group'),
  (22, 'organization', 'Loop Product Labs'),
  (23, 'organization', 'Meridian Equity Group'),
  (24, 'organization', 'Neuronet Labs'),
  (25, 'organization', 'Nimbus Works'),
  (26, 'organization', 'Northbridge Capital'),
  (27, 'organization', 'Northstar Apps'),
  (28, 'organization', 'Orbital Software'),
  (29, 'organization', 'Parallax Partners'),
  (30, 'organization', 'Pinecrest Technologies'),
  (31, 'organization', 'Pixelgrove'),
  (32, 'organization', 'Prism Insights'),
  (33, 'organization', 'Quanta Analytics'),
  (34, 'organization', 'Signal & Noise'),
  (35, 'organization', 'Stackline Systems'),
  (36, 'organization', 'Sterling & Vance'),
  (37, 'organization', 'Summit Ridge Advisors'),
  (38, 'organization', 'Tidal Interactive'),
  (39, 'organization', 'Vectorial AI'),
  (40, 'organization', 'Waypoint Consulting'),
  (41, 'position', 'Analyst'),
  (42, 'position', 'Analytics Manager'),
  (43, 'position', 'Associate'),
  (44, 'position', 'CTO'),
  (45, 'position', 'Campus Recruiter'),
  (46, 'position', 'Data Science Manager'),
  (47, 'position', 'Design Manager'),
  (48, 'position', 'Director'),
  (49, 'position', 'Director of Engineering'),
  (50, 'position', 'Director of Machine Learning'),
  (51, 'position', 'Engagement Manager'),
  (52, 'position', 'Engineering Manager'),
  (53, 'position', 'Founder'),
  (54, 'position', 'Group Product Manager'),
  (55, 'position', 'Head of Data Science'),
  (56, 'position', 'Head of Design'),
  (57, 'position', 'Head of Product'),
  (58, 'position', 'Managing Director'),
  (59, 'position', 'Partner'),
  (60, 'position', 'Principal'),
  (61, 'position', 'Recruiter'),
  (62, 'position', 'Recruiting Manager'),
  (63, 'position', 'Senior Manager'),
  (64, 'position', 'Technical Recruiter'),
  (65, 'position', 'University Recruiter'),
  (66, 'position', 'VP of Engineering'),
  (67, 'position', 'Vice President'),
  (68, 'education', 'Carnegie Mellon University'),
  (69, 'education', 'Columbia University'),
  (70, 'education', 'Cornell University'),
  (71, 'education', 'Duke University'),
  (72, 'education', 'ETH Zurich'),
  (73, 'education', 'Georgetown University'),
  (74, 'education', 'HEC Paris'),
  (75, 'education', 'Harvard University'),
  (76, 'education', 'London School of Economics'),
  (77, 'education', 'Massachusetts Institute of Technology'),
  (78, 'education', 'New York University'),
  (79, 'education', 'Northwestern University'),
  (80, 'education', 'Princeton University'),
  (81, 'education', 'Stanford University'),
  (82, 'education', 'University of California, Berkeley'),
  (83, 'education', 'University of Chicago'),
  (84, 'education', 'University of Michigan'),
  (85, 'education', 'University of Pennsylvania'),
  (86, 'education', 'University of Texas at Austin'),
  (87, 'education', 'Yale University'),
  (88, 'interests', 'basketball'),
  (89, 'interests', 'chess'),
  (90, 'interests', 'data visualization'),
  (91, 'interests', 'diversity in tech'),
  (92, 'interests', 'education'),
  (93, 'interests', 'financial modeling'),
  (94, 'interests', 'fintech'),
  (95, 'interests', 'healthcare innovation'),
  (96, 'interests', 'machine learning'),
  (97, 'interests', 'mentoring'),
  (98, 'interests', 'music'),
  (99, 'interests', 'open source'),
  (100, 'interests', 'photography'),
  (101, 'interests', 'product design'),
  (102, 'interests', 'public speaking'),
  (103, 'interests', 'running'),
  (104, 'interests', 'startups'),
  (105, 'interests', 'sustainability'),
  (106, 'interests', 'travel'),
  (107, 'interests', 'venture investing'),
  (108, 'industry', 'investment banking'),
  (109, 'industry', 'private equity'),
  (110, 'industry', 'venture capital'),
  (111, 'industry', 'hedge funds'),
  (112, 'industry', 'asset management'),
  (113, 'industry', 'wealth management'),
  (114, 'industry', 'commercial banking'),
  (115, 'industry', 'fintech'),
  (116, 'industry', 'insurance'),
  (117, 'industry', 'real estate finance'),
  (118, 'industry', 'equity research'),
  (119, 'industry', 'fixed income'),
  (120, 'industry', 'derivatives'),
  (121, 'industry', 'sales and trading'),
  (122, 'industry', 'M&A'),
  (123, 'industry', 'corporate finance'),
  (124, 'industry', 'restructuring'),
  (125, 'industry', 'debt capital markets'),
  (126, 'industry', 'leveraged finance'),
  (127, 'industry', 'project finance'),
  (128, 'industry', 'management consulting'),
  (129, 'industry', 'technology'),
  (130, 'industry', 'software'),
  (131, 'industry', 'artificial intelligence'),
  (132, 'industry', 'e-commerce'),
  (133, 'industry', 'healthcare'),
  (134, 'industry', 'media');
--> statement-breakpoint
-- Who matches which listed value, the way the directory's query matches it: a case-insensitive
-- substring of company, title or education (ILIKE on a UTF-8 database compares lower() of both
-- sides), an exact element of interests, the exact industry. OFFSET 0 keeps each row's lower() computed once.
CREATE FUNCTION "refresh_contact_filter_matches"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM contact_filter_matches WHERE contact_id = ANY (ids);
  INSERT INTO contact_filter_matches (value_id, contact_id)
  SELECT v.id, c.id
  FROM (
    SELECT id, lower(company) AS company, lower(title) AS title, lower(education) AS education,
      interests, industry
    FROM contacts WHERE id = ANY (ids) OFFSET 0
  ) AS c
  JOIN (SELECT id, kind, value, lower(value) AS lowered FROM directory_filter_values OFFSET 0) AS v
    ON CASE v.kind
      WHEN 'organization' THEN strpos(c.company, v.lowered) > 0
      WHEN 'position' THEN strpos(c.title, v.lowered) > 0
      WHEN 'education' THEN strpos(c.education, v.lowered) > 0
      WHEN 'interests' THEN v.value = ANY (c.interests)
      WHEN 'industry' THEN c.industry = v.value
    END;
$$;
--> statement-breakpoint
CREATE FUNCTION "contacts_refresh_filter_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_contact_filter_matches(ARRAY(SELECT id FROM changed_contacts));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contacts_filter_matches_on_insert" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_refresh_filter_matches();
--> statement-breakpoint
CREATE TRIGGER "contacts_filter_matches_on_update" AFTER UPDATE ON "contacts"
  REFERENCING NEW TABLE AS changed_contacts FOR EACH STATEMENT
  EXECUTE FUNCTION contacts_refresh_filter_matches();
--> statement-breakpoint
SELECT refresh_contact_filter_matches(ARRAY(SELECT id FROM contacts));
