CREATE TABLE "store_payouts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"owner_user_id" uuid,
	"gross" numeric(12, 2),
	"commission" numeric(12, 2),
	"net" numeric(12, 2),
	"entry_id" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "store_payouts_paid_check" CHECK ("store_payouts"."paid_at" is null or ("store_payouts"."gross" is not null and "store_payouts"."commission" is not null and "store_payouts"."net" is not null
        and "store_payouts"."gross" = "store_payouts"."commission" + "store_payouts"."net" and "store_payouts"."commission" >= 0 and "store_payouts"."net" >= 0
        and ("store_payouts"."entry_id" is not null) = ("store_payouts"."gross" > 0)))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
-- hand-written: storeSales held what shoppers paid and no shop was ever paid, so it is exactly
-- the escrow of every order paid before this migration: the house account is renamed, its
-- postings stay where they are, and the ledger stays balanced.
UPDATE ledger_accounts SET kind = 'storeEscrow' WHERE kind = 'storeSales' AND user_id IS NULL;--> statement-breakpoint
ALTER TABLE "store_shops" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "store_payouts" ADD CONSTRAINT "store_payouts_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payouts" ADD CONSTRAINT "store_payouts_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payouts" ADD CONSTRAINT "store_payouts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payouts" ADD CONSTRAINT "store_payouts_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_payouts_due_idx" ON "store_payouts" USING btree ("due_at") WHERE "store_payouts"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "store_shops" ADD CONSTRAINT "store_shops_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK (("ledger_accounts"."currency" = 'USD') = ("ledger_accounts"."kind" in ('storeBalance', 'storeFrozen', 'storeExternal', 'storeEscrow', 'storeCommission', 'storePlatformSales', 'storeFees')));--> statement-breakpoint
-- hand-written: the house accounts of the platform's commission and of its own shops' payouts.
INSERT INTO ledger_accounts (kind, currency) VALUES ('storeCommission', 'USD'), ('storePlatformSales', 'USD');--> statement-breakpoint
-- hand-written: orders completed before escrow existed are paid out by the sweep, once.
INSERT INTO store_payouts (order_id, shop_id, due_at) SELECT id, shop_id, now() FROM store_orders WHERE closure = 'completed';
