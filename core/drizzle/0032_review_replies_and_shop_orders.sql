DROP INDEX "store_reviews_shop_idx";--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "reply_content" text;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD COLUMN "replied_by" uuid;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_orders_shop_idx" ON "store_orders" USING btree ("shop_id","seq");--> statement-breakpoint
CREATE INDEX "store_reviews_shop_idx" ON "store_reviews" USING btree ("shop_id","seq");--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_reply_check" CHECK (("store_reviews"."reply_content" is null) = ("store_reviews"."replied_at" is null) and ("store_reviews"."replied_at" is null) = ("store_reviews"."replied_by" is null));