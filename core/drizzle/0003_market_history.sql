CREATE TABLE "market_dragon_tiger_days" (
	"trading_date" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_dragon_tiger_entries" (
	"trading_date" date NOT NULL,
	"reason" text NOT NULL,
	"position" smallint NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"close" numeric(12, 2) NOT NULL,
	"pct" numeric(10, 2) NOT NULL,
	"turnover" numeric(20, 2) NOT NULL,
	CONSTRAINT "market_dragon_tiger_entries_trading_date_reason_symbol_pk" PRIMARY KEY("trading_date","reason","symbol"),
	CONSTRAINT "market_dragon_tiger_entries_reason_check" CHECK ("market_dragon_tiger_entries"."reason" in ('deviationUp', 'deviationDown', 'changeUp', 'changeDown', 'amplitude', 'turnoverRate'))
);
--> statement-breakpoint
CREATE TABLE "market_dragon_tiger_seats" (
	"trading_date" date NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"position" smallint NOT NULL,
	"seat" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "market_dragon_tiger_seats_trading_date_symbol_side_position_pk" PRIMARY KEY("trading_date","symbol","side","position"),
	CONSTRAINT "market_dragon_tiger_seats_side_check" CHECK ("market_dragon_tiger_seats"."side" in ('buy', 'sell'))
);
--> statement-breakpoint
CREATE TABLE "market_day_bars" (
	"symbol" text NOT NULL,
	"month" date NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"bars" "bytea" NOT NULL,
	CONSTRAINT "market_day_bars_symbol_month_pk" PRIMARY KEY("symbol","month")
);
--> statement-breakpoint
CREATE TABLE "market_minute_bars" (
	"symbol" text NOT NULL,
	"trading_date" date NOT NULL,
	"series" "bytea" NOT NULL,
	CONSTRAINT "market_minute_bars_symbol_trading_date_pk" PRIMARY KEY("symbol","trading_date")
);
--> statement-breakpoint
ALTER TABLE "market_dragon_tiger_entries" ADD CONSTRAINT "market_dragon_tiger_entries_trading_date_market_dragon_tiger_days_trading_date_fk" FOREIGN KEY ("trading_date") REFERENCES "public"."market_dragon_tiger_days"("trading_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_dragon_tiger_seats" ADD CONSTRAINT "market_dragon_tiger_seats_trading_date_market_dragon_tiger_days_trading_date_fk" FOREIGN KEY ("trading_date") REFERENCES "public"."market_dragon_tiger_days"("trading_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_minute_bars_trading_date_idx" ON "market_minute_bars" USING btree ("trading_date");