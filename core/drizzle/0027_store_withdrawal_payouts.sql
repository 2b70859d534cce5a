ALTER TABLE "store_withdrawals" DROP CONSTRAINT "store_withdrawals_state_check";--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD COLUMN "bank_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_withdrawals" ADD CONSTRAINT "store_withdrawals_state_check" CHECK (case "store_withdrawals"."state"
        when 'auditing' then "store_withdrawals"."audited_at" is null and "store_withdrawals"."settle_entry_id" is null
        when 'paying' then "store_withdrawals"."audited_at" is not null and "store_withdrawals"."audited_by" is not null and "store_withdrawals"."settle_entry_id" is null and "store_withdrawals"."reason" is null and "store_withdrawals"."bank_expires_at" is not null
        when 'passed' then "store_withdrawals"."audited_at" is not null and "store_withdrawals"."audited_by" is not null and "store_withdrawals"."settle_entry_id" is not null and "store_withdrawals"."reason" is null
        when 'refuse' then "store_withdrawals"."audited_at" is not null and "store_withdrawals"."audited_by" is not null and "store_withdrawals"."settle_entry_id" is not null and "store_withdrawals"."reason" is not null
        else false end);