CREATE TABLE "store_shipment_events" (
	"shipment_id" uuid NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shipment_events_shipment_id_event_pk" PRIMARY KEY("shipment_id","event")
);
--> statement-breakpoint
CREATE TABLE "store_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_order_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_no" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_shipment_events" ADD CONSTRAINT "store_shipment_events_shipment_id_store_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."store_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shipments" ADD CONSTRAINT "store_shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_shipments_order_idx" ON "store_shipments" USING btree ("store_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_shipments_tracking_idx" ON "store_shipments" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "store_shipments_due_idx" ON "store_shipments" USING btree ("next_check_at") WHERE "store_shipments"."next_check_at" is not null;