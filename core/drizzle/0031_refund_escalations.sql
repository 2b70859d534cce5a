ALTER TABLE "store_refunds" ADD COLUMN "source" text;--> statement-breakpoint
-- Every refund executed before escalations existed came out of escrow.
UPDATE "store_refunds" SET "source" = 'escrow' WHERE "state" = 'refunded';--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "seller_shortfall" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalation" text;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalation_reason" text;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalation_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalation_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD COLUMN "escalation_note" text;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_escalation_decided_by_users_id_fk" FOREIGN KEY ("escalation_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_refunds_escalation_idx" ON "store_refunds" USING btree ("escalation","escalated_at") WHERE "store_refunds"."escalation" is not null;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_escalation_check" CHECK (case coalesce("store_refunds"."escalation", 'none')
        when 'none' then "store_refunds"."escalated_at" is null and "store_refunds"."escalation_decided_at" is null
        when 'open' then "store_refunds"."escalation_reason" is not null and "store_refunds"."escalated_at" is not null and "store_refunds"."escalation_decided_at" is null
        when 'approved' then "store_refunds"."escalation_decided_at" is not null and "store_refunds"."escalation_decided_by" is not null and "store_refunds"."state" = 'refunded'
        when 'upheld' then "store_refunds"."escalation_decided_at" is not null and "store_refunds"."escalation_decided_by" is not null and "store_refunds"."escalation_note" is not null
        else false end);--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_source_check" CHECK (("store_refunds"."state" = 'refunded') = ("store_refunds"."source" is not null)
        and ("store_refunds"."seller_shortfall" is null or ("store_refunds"."source" = 'seller' and "store_refunds"."seller_shortfall" > 0)));