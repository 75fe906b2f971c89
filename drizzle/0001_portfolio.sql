CREATE TABLE "account_balances" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cash_available" numeric(20, 2) DEFAULT '0' NOT NULL,
	"margin_debit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"accounts_receivable" numeric(20, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_balances_single_row" CHECK ("account_balances"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"via" text DEFAULT 'user' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_closes" (
	"key" text NOT NULL,
	"date" date NOT NULL,
	"close" numeric NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "daily_closes_key_date_pk" PRIMARY KEY("key","date")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"asset_type" text NOT NULL,
	"exchange" text,
	"qty" numeric(24, 8) NOT NULL,
	"price_paid" numeric(24, 8) NOT NULL,
	"purchase_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_asset_type_check" CHECK ("holdings"."asset_type" in ('stock', 'crypto')),
	CONSTRAINT "holdings_qty_check" CHECK ("holdings"."qty" > 0),
	CONSTRAINT "holdings_price_check" CHECK ("holdings"."price_paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshots" (
	"date" date PRIMARY KEY NOT NULL,
	"net_account_value" numeric(20, 2) NOT NULL,
	"liquid_value" numeric(20, 2) NOT NULL,
	"venture_value" numeric(20, 2) NOT NULL,
	"real_estate_value" numeric(20, 2) NOT NULL,
	"cash_available" numeric(20, 2) NOT NULL,
	"margin_debit" numeric(20, 2) NOT NULL,
	"accounts_receivable" numeric(20, 2) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predictions" (
	"ticker" text PRIMARY KEY NOT NULL,
	"prediction" numeric NOT NULL,
	"last_close" numeric NOT NULL,
	"based_on" date NOT NULL,
	"model" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"purchase_date" date NOT NULL,
	"qty" numeric(24, 8) NOT NULL,
	"price_paid" numeric(24, 8) NOT NULL,
	"last_price_at_date" numeric(24, 8) NOT NULL,
	"last_price_date" date,
	"dividend_dollar" numeric(20, 2) DEFAULT '0' NOT NULL,
	"dividend_pct" numeric(14, 6) DEFAULT '0' NOT NULL,
	"total_rental_income" numeric(20, 2) DEFAULT '0' NOT NULL,
	"monthly_rental_income" numeric(20, 2) DEFAULT '0' NOT NULL,
	"annual_rental_income_pct" numeric(14, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_assets_kind_check" CHECK ("private_assets"."kind" in ('venture', 'real_estate'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text,
	"price" numeric NOT NULL,
	"change" numeric NOT NULL,
	"change_pct" numeric NOT NULL,
	"dividend_yield" numeric,
	"market_cap" numeric,
	"pe_ratio" numeric,
	"one_month_perf" numeric,
	"source" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "holdings_symbol_idx" ON "holdings" USING btree ("symbol","purchase_date");--> statement-breakpoint
CREATE INDEX "private_assets_kind_idx" ON "private_assets" USING btree ("kind","id");