ALTER TABLE "block_orders" ADD COLUMN "settle_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_orders" ADD COLUMN "settle_error" text;--> statement-breakpoint
CREATE INDEX "block_orders_settle_failed_idx" ON "block_orders" USING btree ("settle_failed_at") WHERE "block_orders"."settle_failed_at" is not null;