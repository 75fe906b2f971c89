CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"book_date" date NOT NULL,
	"symbol" text,
	"asset_type" text,
	"qty" numeric(24, 8),
	"price" numeric(24, 8),
	"amount" numeric,
	"settles" boolean DEFAULT false NOT NULL,
	"cash_before" numeric,
	"cash_after" numeric,
	"cost_basis" numeric,
	"realized_gain" numeric,
	"flow" numeric DEFAULT '0' NOT NULL,
	"details" jsonb,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('buy', 'sell', 'correction', 'deposit', 'withdrawal', 'balances', 'asset'))
);
--> statement-breakpoint
CREATE TABLE "portfolio_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "portfolio_state_single_row" CHECK ("portfolio_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "cost_basis" numeric;--> statement-breakpoint
UPDATE "holdings" SET "cost_basis" = round("qty" * "price_paid", 2);--> statement-breakpoint
ALTER TABLE "holdings" ALTER COLUMN "cost_basis" SET NOT NULL;--> statement-breakpoint
INSERT INTO "portfolio_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_at_idx" ON "ledger_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_book_date_idx" ON "ledger_entries" USING btree ("book_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_symbol_idx" ON "ledger_entries" USING btree ("symbol","at");--> statement-breakpoint
INSERT INTO "ledger_entries" ("kind", "source", "actor_id", "actor_email", "at", "book_date", "symbol", "asset_type", "qty", "price", "amount", "settles", "cost_basis", "flow", "details")
SELECT 'buy', 'add_investment', h."created_by", coalesce(u."email", 'system'), h."created_at", h."purchase_date", h."symbol", h."asset_type", h."qty", h."price_paid", h."cost_basis", false, h."cost_basis", 0, jsonb_build_object('lotId', h."id", 'opening', true)
FROM "holdings" h LEFT JOIN "users" u ON u."id" = h."created_by" ORDER BY h."id";
