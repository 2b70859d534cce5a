CREATE TABLE "store_refund_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" uuid NOT NULL,
	"step" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"product_status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"explanation" text NOT NULL,
	"proof" "bytea" NOT NULL,
	"proof_type" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"refusal_reason" text,
	"refusal_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"return_carrier" text,
	"return_tracking_no" text,
	"return_shipment_id" uuid,
	"return_delivered_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"entry_id" uuid,
	"executed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_refunds_amount_check" CHECK ("store_refunds"."amount" > 0),
	CONSTRAINT "store_refunds_type_check" CHECK ("store_refunds"."type" in ('refundOnly', 'returnAndRefund')),
	CONSTRAINT "store_refunds_state_check" CHECK (case "store_refunds"."state"
        when 'requested' then "store_refunds"."decided_at" is null and "store_refunds"."entry_id" is null
        when 'refused' then "store_refunds"."decided_at" is not null and "store_refunds"."refusal_reason" is not null and "store_refunds"."entry_id" is null
        when 'approved' then "store_refunds"."decided_at" is not null and "store_refunds"."entry_id" is null
        when 'returning' then "store_refunds"."type" = 'returnAndRefund' and "store_refunds"."return_tracking_no" is not null and "store_refunds"."entry_id" is null
        when 'refunded' then "store_refunds"."decided_at" is not null and "store_refunds"."entry_id" is not null and "store_refunds"."executed_at" is not null
        else false end)
);
--> statement-breakpoint
ALTER TABLE "store_refund_events" ADD CONSTRAINT "store_refund_events_refund_id_store_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."store_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refund_events" ADD CONSTRAINT "store_refund_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_refunds" ADD CONSTRAINT "store_refunds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_refund_events_step_idx" ON "store_refund_events" USING btree ("refund_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "store_refunds_user_idempotency_idx" ON "store_refunds" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "store_refunds_open_idx" ON "store_refunds" USING btree ("order_id") WHERE "store_refunds"."state" in ('requested', 'approved', 'returning');--> statement-breakpoint
CREATE UNIQUE INDEX "store_refunds_entry_idx" ON "store_refunds" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_refunds_return_tracking_idx" ON "store_refunds" USING btree ("return_tracking_no");--> statement-breakpoint
CREATE INDEX "store_refunds_user_idx" ON "store_refunds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_refunds_state_idx" ON "store_refunds" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "store_refunds_due_idx" ON "store_refunds" USING btree ("due_at") WHERE "store_refunds"."due_at" is not null;