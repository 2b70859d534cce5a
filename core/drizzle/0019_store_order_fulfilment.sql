ALTER TABLE "store_orders" ADD COLUMN "tracking_no" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "next_auto_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "store_orders_next_auto_idx" ON "store_orders" USING btree ("next_auto_at") WHERE "store_orders"."next_auto_at" is not null;--> statement-breakpoint
-- Orders paid, delivered or received before automatic fulfilment existed take their next step at once.
UPDATE "store_orders" SET "next_auto_at" = now()
  WHERE "closure" = 'open' AND ("payment" = 'paid' AND "fulfilment" = 'unfulfilled' OR "fulfilment" IN ('delivered', 'received'));--> statement-breakpoint
UPDATE "store_orders" o SET "tracking_no" = s."tracking_no" FROM "store_shipments" s WHERE s."store_order_id" = o."id"::text;
