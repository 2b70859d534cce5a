-- Trigram indexes for storefront search (docs/adr/0015); pg_trgm is a trusted extension, and PGlite loads its contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "store_product_specs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" jsonb NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"stock" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "store_product_specs_kind_check" CHECK ("store_product_specs"."kind" in ('size', 'colour', 'capacity')),
	CONSTRAINT "store_product_specs_price_check" CHECK ("store_product_specs"."price" > 0),
	CONSTRAINT "store_product_specs_stock_check" CHECK ("store_product_specs"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"category" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"image_hue" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_products_category_check" CHECK ("store_products"."category" in ('computer', 'electrical', 'outdoors', 'family', 'health', 'menswear', 'womenswear', 'food', 'phone', 'toys')),
	CONSTRAINT "store_products_rating_check" CHECK ("store_products"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "store_shop_follows" (
	"user_id" uuid NOT NULL,
	"shop_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shop_follows_user_id_shop_id_pk" PRIMARY KEY("user_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "store_shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"logo_hue" smallint NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"favourable_rate" numeric(4, 1) NOT NULL,
	"total_sales" numeric(14, 2) NOT NULL,
	"freight_flat" numeric(12, 2) NOT NULL,
	"freight_free_over" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_shops_fans_check" CHECK ("store_shops"."fans" >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_product_specs" ADD CONSTRAINT "store_product_specs_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shop_follows" ADD CONSTRAINT "store_shop_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_shop_follows" ADD CONSTRAINT "store_shop_follows_shop_id_store_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."store_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_product_specs_product_idx" ON "store_product_specs" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "store_products_category_sales_idx" ON "store_products" USING btree ("category","sales","id");--> statement-breakpoint
CREATE INDEX "store_products_shop_sales_idx" ON "store_products" USING btree ("shop_id","sales","id");--> statement-breakpoint
CREATE INDEX "store_products_search_trgm_idx" ON "store_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_shop_follows_shop_idx" ON "store_shop_follows" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "store_shops_search_trgm_idx" ON "store_shops" USING gin ("search_text" gin_trgm_ops);