CREATE TABLE "store_review_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"mime_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"content" text NOT NULL,
	"product_score" integer NOT NULL,
	"service_score" integer NOT NULL,
	"postage_score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_reviews_seq_unique" UNIQUE("seq"),
	CONSTRAINT "store_reviews_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "store_reviews_product_score_check" CHECK (product_score between 1 and 5),
	CONSTRAINT "store_reviews_service_score_check" CHECK (service_score between 1 and 5),
	CONSTRAINT "store_reviews_postage_score_check" CHECK (postage_score between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "store_review_pictures" ADD CONSTRAINT "store_review_pictures_review_id_store_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."store_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_order_line_id_store_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."store_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_review_pictures_review_idx" ON "store_review_pictures" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "store_reviews_product_idx" ON "store_reviews" USING btree ("product_id","seq");--> statement-breakpoint
CREATE INDEX "store_reviews_shop_idx" ON "store_reviews" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "store_reviews_user_idx" ON "store_reviews" USING btree ("user_id","seq");