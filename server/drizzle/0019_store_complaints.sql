CREATE TABLE "store_complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"store_order_id" text,
	"content" text NOT NULL,
	"certificate" "bytea" NOT NULL,
	"certificate_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_complaints" ADD CONSTRAINT "store_complaints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_complaints_user_idx" ON "store_complaints" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_complaints_created_idx" ON "store_complaints" USING btree ("created_at");