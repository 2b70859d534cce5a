CREATE TABLE "store_top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"address" text,
	"amount" numeric(12, 2) NOT NULL,
	"tx_hash" text,
	"evidence" "bytea" NOT NULL,
	"evidence_type" text NOT NULL,
	"state" text DEFAULT 'auditing' NOT NULL,
	"arrival_amount" numeric(12, 2),
	"reason" text,
	"note" text,
	"entry_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_by" uuid,
	"audited_at" timestamp with time zone,
	CONSTRAINT "store_top_ups_amount_check" CHECK ("store_top_ups"."amount" > 0),
	CONSTRAINT "store_top_ups_method_check" CHECK ("store_top_ups"."method" in ('blockchain', 'manual')),
	CONSTRAINT "store_top_ups_blockchain_check" CHECK (("store_top_ups"."method" = 'blockchain') = ("store_top_ups"."network" is not null and "store_top_ups"."address" is not null and "store_top_ups"."tx_hash" is not null)),
	CONSTRAINT "store_top_ups_state_check" CHECK (case "store_top_ups"."state"
        when 'auditing' then "store_top_ups"."audited_at" is null and "store_top_ups"."entry_id" is null and "store_top_ups"."arrival_amount" is null
        when 'passed' then "store_top_ups"."audited_at" is not null and "store_top_ups"."audited_by" is not null and "store_top_ups"."entry_id" is not null and "store_top_ups"."arrival_amount" > 0
        when 'refuse' then "store_top_ups"."audited_at" is not null and "store_top_ups"."audited_by" is not null and "store_top_ups"."entry_id" is null and "store_top_ups"."reason" is not null
        else false end)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
ALTER TABLE "store_top_ups" ADD CONSTRAINT "store_top_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_top_ups" ADD CONSTRAINT "store_top_ups_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_top_ups" ADD CONSTRAINT "store_top_ups_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_top_ups_user_idempotency_idx" ON "store_top_ups" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "store_top_ups_network_hash_idx" ON "store_top_ups" USING btree ("network",lower("tx_hash")) WHERE "store_top_ups"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "store_top_ups_user_idx" ON "store_top_ups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_top_ups_state_idx" ON "store_top_ups" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."user_id" is not null) = ("ledger_accounts"."kind" in ('available', 'frozen', 'storeBalance', 'storeFrozen')));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK (("ledger_accounts"."currency" = 'USD') = ("ledger_accounts"."kind" in ('storeBalance', 'storeFrozen', 'storeExternal', 'storeSales')));