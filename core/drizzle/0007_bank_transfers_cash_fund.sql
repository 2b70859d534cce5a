CREATE TABLE "bank_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"card_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text,
	"bank_reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"trading_date" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"freeze_entry_id" uuid,
	"settle_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bank_transfers_freeze_entry_id_unique" UNIQUE("freeze_entry_id"),
	CONSTRAINT "bank_transfers_settle_entry_id_unique" UNIQUE("settle_entry_id"),
	CONSTRAINT "bank_transfers_amount_check" CHECK ("bank_transfers"."amount" > 0),
	CONSTRAINT "bank_transfers_settled_check" CHECK (("bank_transfers"."status" = 'auditing') = ("bank_transfers"."settled_at" is null)),
	CONSTRAINT "bank_transfers_refusal_check" CHECK (("bank_transfers"."status" = 'refused') = ("bank_transfers"."refusal_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "cash_fund_days" (
	"date" text PRIMARY KEY NOT NULL,
	"yield_per_10k" numeric(10, 4) NOT NULL,
	"annualised_7d" numeric(10, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accrued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_fund_holdings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"units" numeric(20, 2) DEFAULT '0' NOT NULL,
	"carry" numeric(20, 10) DEFAULT '0' NOT NULL,
	"total_yield" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_fund_holdings_units_check" CHECK ("cash_fund_holdings"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_fund_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"units" numeric(20, 2) NOT NULL,
	"units_after" numeric(20, 2) NOT NULL,
	"date" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_fund_orders_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "cash_fund_orders_units_check" CHECK ("cash_fund_orders"."units" <> 0)
);
--> statement-breakpoint
CREATE TABLE "cash_fund_yields" (
	"user_id" uuid NOT NULL,
	"date" text NOT NULL,
	"basis" numeric(20, 2) NOT NULL,
	"exact" numeric(24, 10) NOT NULL,
	"paid" numeric(20, 2) NOT NULL,
	"carry" numeric(20, 10) NOT NULL,
	"units_after" numeric(20, 2) NOT NULL,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_freeze_entry_id_journal_entries_id_fk" FOREIGN KEY ("freeze_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_holdings" ADD CONSTRAINT "cash_fund_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_orders" ADD CONSTRAINT "cash_fund_orders_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_yields" ADD CONSTRAINT "cash_fund_yields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_fund_yields" ADD CONSTRAINT "cash_fund_yields_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_bound_number_idx" ON "bank_cards" USING btree ("card_number") WHERE "bank_cards"."unbound_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_default_idx" ON "bank_cards" USING btree ("user_id") WHERE "bank_cards"."is_default" and "bank_cards"."unbound_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_user_idempotency_idx" ON "bank_transfers" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bank_transfers_user_created_idx" ON "bank_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_auditing_idx" ON "bank_transfers" USING btree ("created_at") WHERE "bank_transfers"."status" = 'auditing';--> statement-breakpoint
CREATE UNIQUE INDEX "cash_fund_orders_user_idempotency_idx" ON "cash_fund_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cash_fund_orders_user_date_idx" ON "cash_fund_orders" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_fund_yields_user_date_idx" ON "cash_fund_yields" USING btree ("user_id","date");--> statement-breakpoint
-- The cash fund's house accounts: what it owes its holders (their units at NAV 1), and its income paid out as yield.
INSERT INTO "ledger_accounts" ("kind") VALUES ('cashFund'), ('fundIncome');
