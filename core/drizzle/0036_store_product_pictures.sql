CREATE TABLE "store_product_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"mime_type" text NOT NULL,
	"content_hash" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_products" ADD COLUMN "main_picture" text;--> statement-breakpoint
ALTER TABLE "store_product_pictures" ADD CONSTRAINT "store_product_pictures_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_product_pictures_product_idx" ON "store_product_pictures" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "store_product_pictures_hash_idx" ON "store_product_pictures" USING btree ("content_hash");