CREATE TABLE "store_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"addressee" text NOT NULL,
	"mobile" text NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"detail" text NOT NULL,
	"tag" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_cart_lines" (
	"user_id" uuid NOT NULL,
	"spec_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"price_when_added" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_cart_lines_user_id_spec_id_pk" PRIMARY KEY("user_id","spec_id"),
	CONSTRAINT "store_cart_lines_quantity_check" CHECK ("store_cart_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "store_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"promo_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"machine" text NOT NULL,
	"event" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"spec_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"spec_label" jsonb NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"seq" bigserial NOT NULL,
	"checkout_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_id" integer NOT NULL,
	"address" jsonb NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"freight" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"promo_code" text,
	"payment" text DEFAULT 'unpaid' NOT NULL,
	"fulfilment" text DEFAULT 'unfulfilled' NOT NULL,
	"after_sale" text DEFAULT 'none' NOT NULL,
	"closure" text DEFAULT 'open' NOT NULL,
	"status" text DEFAULT 'waitingPay' NOT NULL,
	"payment_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "store_orders_seq_unique" UNIQUE("seq"),
	CONSTRAINT "store_orders_total_check" CHECK ("store_orders"."total" >= 0 and "store_orders"."discount" >= 0 and "store_orders"."freight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"min_spend" numeric(12, 2) DEFAULT '0' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "store_promo_codes_value_check" CHECK ("store_promo_codes"."value" > 0 and ("store_promo_codes"."kind" <> 'percent' or "store_promo_codes"."value" <= 100))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_addresses" ADD CONSTRAINT "store_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_lines" ADD CONSTRAINT "store_cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cart_lines" ADD CONSTRAINT "store_cart_lines_spec_id_store_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."store_product_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_promo_code_store_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."store_promo_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_events" ADD CONSTRAINT "store_order_events_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD CONSTRAINT "store_order_lines_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD CONSTRAINT "store_order_lines_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD CONSTRAINT "store_order_lines_spec_id_store_product_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."store_product_specs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_checkout_id_store_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."store_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_payment_id_store_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."store_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payments" ADD CONSTRAINT "store_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payments" ADD CONSTRAINT "store_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_addresses_user_idx" ON "store_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_addresses_default_idx" ON "store_addresses" USING btree ("user_id") WHERE "store_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "store_checkouts_user_idempotency_idx" ON "store_checkouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_checkouts_user_promo_idx" ON "store_checkouts" USING btree ("user_id","promo_code");--> statement-breakpoint
CREATE INDEX "store_order_events_order_idx" ON "store_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "store_order_lines_order_idx" ON "store_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_orders_user_status_idx" ON "store_orders" USING btree ("user_id","status","seq");--> statement-breakpoint
CREATE INDEX "store_orders_user_seq_idx" ON "store_orders" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "store_orders_unpaid_expiry_idx" ON "store_orders" USING btree ("expires_at") WHERE "store_orders"."payment" = 'unpaid' and "store_orders"."closure" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "store_payments_user_idempotency_idx" ON "store_payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK (("ledger_accounts"."currency" = 'USD') = ("ledger_accounts"."kind" in ('storeBalance', 'storeExternal', 'storeSales')));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('available', 'frozen', 'storeBalance')));--> statement-breakpoint
-- The storefront's house accounts, in USD.
INSERT INTO ledger_accounts (kind, currency) VALUES ('storeExternal', 'USD'), ('storeSales', 'USD');
--> statement-breakpoint
-- Every entry still sums to zero, and now in one currency: USD and CNY never meet in an entry.
CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  lines integer;
  currencies integer;
BEGIN
  SELECT coalesce(sum(p.amount), 0), count(*), count(DISTINCT a.currency) INTO total, lines, currencies
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = NEW.entry_id;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'journal entry % is not balanced (sum %, % postings)', NEW.entry_id, total, lines;
  END IF;
  IF currencies <> 1 THEN
    RAISE EXCEPTION 'journal entry % mixes currencies', NEW.entry_id;
  END IF;
  RETURN NULL;
END;
$$;
