CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"level" numeric(12, 3),
	"percent" numeric(5, 2),
	"cooldown_minutes" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_fired_at" timestamp with time zone,
	"last_fired_price" numeric(12, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_symbol_check" CHECK ("price_alerts"."symbol" ~ '^[0-9]{6}$'),
	CONSTRAINT "price_alerts_kind_check" CHECK ("price_alerts"."kind" in ('above', 'below', 'riseBy', 'fallBy', 'limitUp', 'limitDown')),
	CONSTRAINT "price_alerts_level_kind_check" CHECK (("price_alerts"."level" is not null) = ("price_alerts"."kind" in ('above', 'below'))),
	CONSTRAINT "price_alerts_percent_kind_check" CHECK (("price_alerts"."percent" is not null) = ("price_alerts"."kind" in ('riseBy', 'fallBy'))),
	CONSTRAINT "price_alerts_level_check" CHECK ("price_alerts"."level" is null or "price_alerts"."level" > 0),
	CONSTRAINT "price_alerts_percent_check" CHECK ("price_alerts"."percent" is null or ("price_alerts"."percent" > 0 and "price_alerts"."percent" <= 30)),
	CONSTRAINT "price_alerts_cooldown_check" CHECK ("price_alerts"."cooldown_minutes" is null or "price_alerts"."cooldown_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_alerts_enabled_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."enabled";