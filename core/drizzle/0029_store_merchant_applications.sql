CREATE TABLE "store_merchant_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shop_name" text NOT NULL,
	"category" text NOT NULL,
	"contact" text NOT NULL,
	"licence" "bytea" NOT NULL,
	"licence_type" text NOT NULL,
	"state" text DEFAULT 'auditing' NOT NULL,
	"reason" text,
	"note" text,
	"shop_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "store_merchant_applications_state_check" CHECK (case "store_merchant_applications"."state"
        when 'auditing' then "store_merchant_applications"."decided_at" is null and "store_merchant_applications"."shop_id" is null
        when 'passed' then "store_merchant_applications"."decided_at" is not null and "store_merchant_applications"."decided_by" is not null and "store_merchant_applications"."shop_id" is not null
        when 'refuse' then "store_merchant_applications"."decided_at" is not null and "store_merchant_applications"."decided_by" is not null and "store_merchant_applications"."shop_id" is null and "store_merchant_applications"."reason" is not null
        else false end)
);
--> statement-breakpoint
ALTER TABLE "store_merchant_applications" ADD CONSTRAINT "store_merchant_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_merchant_applications" ADD CONSTRAINT "store_merchant_applications_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_merchant_applications" ADD CONSTRAINT "store_merchant_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_merchant_applications_open_idx" ON "store_merchant_applications" USING btree ("user_id") WHERE "store_merchant_applications"."state" = 'auditing';--> statement-breakpoint
CREATE INDEX "store_merchant_applications_user_idx" ON "store_merchant_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_merchant_applications_state_idx" ON "store_merchant_applications" USING btree ("state","created_at");