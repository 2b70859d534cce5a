ALTER TABLE "store_payouts" DROP CONSTRAINT "store_payouts_paid_check";--> statement-breakpoint
ALTER TABLE "store_payouts" ADD COLUMN "recovered" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_payouts" ADD CONSTRAINT "store_payouts_paid_check" CHECK ("store_payouts"."paid_at" is null or ("store_payouts"."gross" is not null and "store_payouts"."commission" is not null and "store_payouts"."net" is not null
        and "store_payouts"."gross" = "store_payouts"."commission" + "store_payouts"."net" + "store_payouts"."recovered" and "store_payouts"."commission" >= 0 and "store_payouts"."net" >= 0
        and "store_payouts"."recovered" >= 0
        and ("store_payouts"."entry_id" is not null) = ("store_payouts"."gross" > 0)));