CREATE TABLE "fills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"commission" numeric(20, 2) NOT NULL,
	"stamp_duty" numeric(20, 2) NOT NULL,
	"transfer_fee" numeric(20, 2) NOT NULL,
	"trading_date" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fills_quantity_check" CHECK ("fills"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"trading_date" text NOT NULL,
	"order_id" uuid,
	"fill_id" uuid,
	"symbol" text,
	"cash_after" numeric(20, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"proceeds" numeric(20, 2) DEFAULT '0' NOT NULL,
	"proceeds_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('available', 'frozen'))),
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "matcher_fences" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"token" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"shard" smallint NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(12, 3),
	"reserve_price" numeric(12, 3) NOT NULL,
	"quantity" integer NOT NULL,
	"filled_quantity" integer DEFAULT 0 NOT NULL,
	"filled_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(20, 2) DEFAULT '0' NOT NULL,
	"frozen_cash" numeric(20, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"trading_date" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" > 0 and "orders"."filled_quantity" between 0 and "orders"."quantity"),
	CONSTRAINT "orders_frozen_check" CHECK ("orders"."frozen_cash" >= 0)
);
--> statement-breakpoint
CREATE TABLE "position_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"buy_quantity" integer NOT NULL,
	"buy_amount" numeric(20, 2) NOT NULL,
	"sell_amount" numeric(20, 2) NOT NULL,
	"fees" numeric(20, 2) NOT NULL,
	"realised_pnl" numeric(20, 2) NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_trading_date" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"frozen_quantity" integer DEFAULT 0 NOT NULL,
	"cost" numeric(20, 2) NOT NULL,
	"realised_pnl" numeric(20, 2) DEFAULT '0' NOT NULL,
	"buy_quantity" integer DEFAULT 0 NOT NULL,
	"buy_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"sell_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(20, 2) DEFAULT '0' NOT NULL,
	"day_date" text NOT NULL,
	"day_open_quantity" integer NOT NULL,
	"day_buy_quantity" integer DEFAULT 0 NOT NULL,
	"day_buy_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"day_sell_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"day_fees" numeric(20, 2) DEFAULT '0' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_user_id_symbol_pk" PRIMARY KEY("user_id","symbol"),
	CONSTRAINT "positions_quantity_check" CHECK ("positions"."quantity" >= 0 and "positions"."frozen_quantity" between 0 and "positions"."quantity")
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"balance_after" numeric(20, 2),
	CONSTRAINT "postings_amount_check" CHECK ("postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_history" ADD CONSTRAINT "position_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fills_order_source_idx" ON "fills" USING btree ("order_id","source");--> statement-breakpoint
CREATE INDEX "fills_user_created_idx" ON "fills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_user_seq_idx" ON "journal_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_fill_idx" ON "journal_entries" USING btree ("fill_id") WHERE "journal_entries"."fill_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_kind_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_date_idx" ON "orders" USING btree ("user_id","trading_date","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("shard","symbol") WHERE "orders"."status" in ('pending', 'partially_filled');--> statement-breakpoint
CREATE INDEX "position_history_user_closed_idx" ON "position_history" USING btree ("user_id","closed_at");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "postings_account_idx" ON "postings" USING btree ("account_id");