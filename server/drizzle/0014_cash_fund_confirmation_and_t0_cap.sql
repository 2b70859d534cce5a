ALTER TABLE "cash_fund_orders" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "earns_from" text;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "deferred_units" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "payable_on" text;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD COLUMN "payout_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_payout_entry_id_journal_entries_id_fk" FOREIGN KEY ("payout_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_fund_orders_payable_idx" ON "cash_fund_orders" USING btree ("payable_on") WHERE "cash_fund_orders"."payable_on" is not null and "cash_fund_orders"."payout_entry_id" is null;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_payout_entry_id_unique" UNIQUE("payout_entry_id");--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_deferred_check" CHECK ("cash_fund_orders"."deferred_units" >= 0 and ("cash_fund_orders"."deferred_units" = 0) = ("cash_fund_orders"."payable_on" is null));