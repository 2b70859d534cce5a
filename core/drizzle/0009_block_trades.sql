CREATE TABLE "block_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"instrument_kind" text NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"fees" numeric(20, 2) NOT NULL,
	"frozen_cash" numeric(20, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text,
	"trading_date" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"freeze_entry_id" uuid,
	"close_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "block_orders_quantity_check" CHECK ("block_orders"."quantity" > 0),
	CONSTRAINT "block_orders_frozen_check" CHECK ("block_orders"."frozen_cash" >= 0),
	CONSTRAINT "block_orders_status_check" CHECK ("block_orders"."status" in ('pending', 'settled', 'refused', 'cancelled')
        and ("block_orders"."status" = 'refused') = ("block_orders"."refusal_reason" is not null)
        and ("block_orders"."status" = 'pending') = ("block_orders"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "block_orders" ADD CONSTRAINT "block_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_orders" ADD CONSTRAINT "block_orders_freeze_entry_id_journal_entries_id_fk" FOREIGN KEY ("freeze_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_orders" ADD CONSTRAINT "block_orders_close_entry_id_journal_entries_id_fk" FOREIGN KEY ("close_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_orders_user_idempotency_idx" ON "block_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "block_orders_user_created_idx" ON "block_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "block_orders_pending_idx" ON "block_orders" USING btree ("trading_date") WHERE "block_orders"."status" = 'pending';