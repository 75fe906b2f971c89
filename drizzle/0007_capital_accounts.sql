CREATE TABLE "capital_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"date" date NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL,
	"unit_value" numeric,
	"ledger_entry_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_entries_kind_check" CHECK ("capital_entries"."kind" in ('commitment', 'contribution', 'distribution')),
	CONSTRAINT "capital_entries_amount_check" CHECK ("capital_entries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "capital_fund" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"start_value" numeric NOT NULL,
	"gp_units" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_fund_single_row" CHECK ("capital_fund"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "capital_entries" ADD CONSTRAINT "capital_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_entries" ADD CONSTRAINT "capital_entries_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_entries" ADD CONSTRAINT "capital_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_entries_user_idx" ON "capital_entries" USING btree ("user_id","date","id");