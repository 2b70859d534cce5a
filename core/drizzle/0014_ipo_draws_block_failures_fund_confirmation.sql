-- Lottery draws record how their surplus winners were trimmed; block-trade settlement
-- failures are recorded on the order; cash fund purchases confirm T+1 and fast redemption is capped.
ALTER TABLE "ipo_draws" ADD COLUMN "method" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- Draws made before the column were trimmed the old way (method 1).
UPDATE "ipo_draws" SET "method" = 1;
--> statement-breakpoint
ALTER TABLE "block_orders" ADD COLUMN "settle_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_orders" ADD COLUMN "settle_error" text;--> statement-breakpoint
CREATE INDEX "block_orders_settle_failed_idx" ON "block_orders" USING btree ("settle_failed_at") WHERE "block_orders"."settle_failed_at" is not null;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "earns_from" text;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "deferred_units" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "payable_on" text;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "payout_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_payout_entry_id_journal_entries_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_fund_orders_payable_idx" ON "cash_fund_orders" USING btree ("payable_on") WHERE "cash_fund_orders"."payable_on" is not null and "cash_fund_orders"."payout_entry_id" is null;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_payout_entry_id_unique" UNIQUE("payout_entry_id");--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_deferred_check" CHECK ("cash_fund_orders"."deferred_units" >= 0 and ("cash_fund_orders"."deferred_units" = 0) = ("cash_fund_orders"."payable_on" is null));