-- Finer statistics for what the directory filters with ILIKE '%…%' (through the trigram indexes).
-- With the default 100-value sample the planner misjudged how many people a name matches and,
-- after one ANALYZE, walked the primary key through 200,000 rows (0.8 s) instead of reading the
-- 5,000 matches from contacts_search_trgm (30 ms). A 1,000-value sample keeps that estimate close.
ALTER TABLE "contacts" ALTER COLUMN "full_name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "title" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "company" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "education" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "location" SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "contacts_search_trgm" ALTER COLUMN 1 SET STATISTICS 1000;
