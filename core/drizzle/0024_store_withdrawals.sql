CREATE TABLE "store_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"card_masked" text NOT NULL,
	"card_tail" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"service_charge" numeric(12, 2) NOT NULL,
	"state" text DEFAULT 'auditing' NOT NULL,
	"reason" text,
	"note" text,
	"freeze_entry_id" uuid NOT NULL,
	"settle_entry_id" uuid,
	"charge_entry_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_by" uuid,
	"audited_at" timestamp with time zone,
	CONSTRAINT "store_withdrawals_amount_check" CHECK ("store_withdrawals"."amount" > 0 and "store_withdrawals"."service_charge" >= 0),
	CONSTRAINT "store_withdrawals_state_check" CHECK (case "store_withdrawals"."state"
        when 'auditing' then "store_withdrawals"."audited_at" is null and "store_withdrawals"."settle_entry_id" is null
        when 'passed' then "store_withdrawals"."audited_at" is not null and "store_withdrawals"."audited_by" is not null and "store_withdrawals"."settle_entry_id" is not null and "store_withdrawals"."reason" is null
        when 'refuse' then "store_withdrawals"."audited_at" is not null and "store_withdrawals"."audited_by" is not null and "store_withdrawals"."settle_entry_id" is not null and "store_withdrawals"."reason" is not null
        else false end)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency_check";--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_freeze_entry_id_journal_entries_id_fk" FOREIGN KEY ("freeze_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_settle_entry_id_journal_entries_id_fk" FOREIGN KEY ("settle_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_charge_entry_id_journal_entries_id_fk" FOREIGN KEY ("charge_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_withdrawals_user_idempotency_idx" ON "store_withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_withdrawals_user_idx" ON "store_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_withdrawals_state_idx" ON "store_withdrawals" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_check" CHECK (("ledger_accounts"."currency" = 'USD') = ("ledger_accounts"."kind" in ('storeBalance', 'storeFrozen', 'storeExternal', 'storeSales', 'storeFees')));--> statement-breakpoint
-- hand-written: the house account keeping withdrawal service charges.
INSERT INTO ledger_accounts (kind, currency) VALUES ('storeFees', 'USD');
