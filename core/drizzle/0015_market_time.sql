-- Market time beside real time (db/marketAt.ts). Added without a default first, so rows from before
-- stay null (their created_at stands for them) instead of all taking the migration's own time.
ALTER TABLE "block_orders" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "block_orders" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
--> statement-breakpoint
ALTER TABLE "fills" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "fills" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
--> statement-breakpoint
ALTER TABLE "position_history" ADD COLUMN "market_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "position_history" ALTER COLUMN "market_at" SET DEFAULT coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now());
