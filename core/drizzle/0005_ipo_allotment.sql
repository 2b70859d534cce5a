CREATE TABLE "holding_snapshots" (
	"user_id" uuid NOT NULL,
	"exchange" text NOT NULL,
	"trading_date" text NOT NULL,
	"market_value" numeric(20, 2) NOT NULL,
	CONSTRAINT "holding_snapshots_user_id_exchange_trading_date_pk" PRIMARY KEY("user_id","exchange","trading_date")
);
--> statement-breakpoint
CREATE TABLE "ipo_allotment_chunks" (
	"ipo_id" integer NOT NULL,
	"chunk" integer NOT NULL,
	"first_subscription_id" bigint NOT NULL,
	"last_subscription_id" bigint NOT NULL,
	"subscriptions" integer NOT NULL,
	"first_number" bigint NOT NULL,
	"numbers" bigint NOT NULL,
	"winning_numbers" bigint,
	"done_at" timestamp with time zone,
	CONSTRAINT "ipo_allotment_chunks_ipo_id_chunk_pk" PRIMARY KEY("ipo_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "ipo_allotments" (
	"ipo_id" integer NOT NULL,
	"subscription_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"won_units" integer NOT NULL,
	"paid_units" integer,
	"paid_amount" numeric(20, 2),
	"journal_entry_id" uuid,
	"settled_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	CONSTRAINT "ipo_allotments_ipo_id_subscription_id_pk" PRIMARY KEY("ipo_id","subscription_id"),
	CONSTRAINT "ipo_allotments_units_check" CHECK ("ipo_allotments"."won_units" > 0 and "ipo_allotments"."paid_units" between 0 and "ipo_allotments"."won_units")
);
--> statement-breakpoint
CREATE TABLE "ipo_draws" (
	"ipo_id" integer PRIMARY KEY NOT NULL,
	"first_number" bigint NOT NULL,
	"total_numbers" bigint NOT NULL,
	"units_offered" bigint NOT NULL,
	"tails" text[] NOT NULL,
	"winning_numbers" bigint NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipo_lottery_ranges" (
	"ipo_id" integer NOT NULL,
	"subscription_id" bigint NOT NULL,
	"first_number" bigint NOT NULL,
	CONSTRAINT "ipo_lottery_ranges_ipo_id_subscription_id_pk" PRIMARY KEY("ipo_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "ipo_subscriptions" (
	"ipo_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ipo_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_subscriptions_ipo_id_id_pk" PRIMARY KEY("ipo_id","id"),
	CONSTRAINT "ipo_subscriptions_units_check" CHECK ("ipo_subscriptions"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "ipos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"exchange" text NOT NULL,
	"board" text NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"online_shares" bigint NOT NULL,
	"subscription_date" text NOT NULL,
	"allotment_date" text NOT NULL,
	"payment_date" text NOT NULL,
	"listing_date" text NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"seed_commitment" text NOT NULL,
	"seed" text NOT NULL,
	"batch_run" integer DEFAULT 0 NOT NULL,
	"pipeline_slot" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allotted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	CONSTRAINT "ipos_code_unique" UNIQUE("code"),
	CONSTRAINT "ipos_pipeline_slot_unique" UNIQUE("pipeline_slot"),
	CONSTRAINT "ipos_online_shares_check" CHECK ("ipos"."online_shares" > 0 and "ipos"."online_shares" % 500 = 0),
	CONSTRAINT "ipos_price_check" CHECK ("ipos"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "holding_snapshots" ADD CONSTRAINT "holding_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_allotment_chunks" ADD CONSTRAINT "ipo_allotment_chunks_ipo_id_ipos_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_allotments" ADD CONSTRAINT "ipo_allotments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_draws" ADD CONSTRAINT "ipo_draws_ipo_id_ipos_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_ipo_id_ipos_id_fk" FOREIGN KEY ("ipo_id") REFERENCES "public"."ipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipo_allotments_user_idx" ON "ipo_allotments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_subscriptions_user_idx" ON "ipo_subscriptions" USING btree ("user_id","ipo_id");--> statement-breakpoint
CREATE INDEX "ipos_status_idx" ON "ipos" USING btree ("status","subscription_date");