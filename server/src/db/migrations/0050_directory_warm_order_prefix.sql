-- Issue 41, ADR 041 amended: each student's kept "Warm first" order holds only its first people
-- (WARM_ORDER_KEEP, 5,000 by default) instead of every warm person (226,000 rows, 52 MB and a
-- 5-11 s build for one student at 1,000,000 people). The order's row says where the kept people
-- end: the last one's key in page order (rank, kinds shared, most first, id). Every warm person
-- up to that key is kept (new people too: contacts/warm-order.ts adds those who rank up to it);
-- a page that reaches past it is ranked on the fly. Null: every warm person is kept.
ALTER TABLE "directory_warm_orders" ADD COLUMN IF NOT EXISTS "last_rank" smallint;--> statement-breakpoint
ALTER TABLE "directory_warm_orders" ADD COLUMN IF NOT EXISTS "last_kinds" smallint;--> statement-breakpoint
ALTER TABLE "directory_warm_orders" ADD COLUMN IF NOT EXISTS "last_contact_id" uuid;--> statement-breakpoint
-- The orders built whole are forgotten (their people go with them), and each is built again,
-- kept to its first people, when its student next asks: their pages rank on the fly meanwhile.
DELETE FROM "directory_warm_orders";
