CREATE TABLE "history_rebuild" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pending_from" date,
	"seen_ledger_id" integer DEFAULT 0 NOT NULL,
	"from_day" date,
	"to_day" date,
	"days_done" integer DEFAULT 0 NOT NULL,
	"days_total" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "history_rebuild_single_row" CHECK ("history_rebuild"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "official_navs" (
	"date" date PRIMARY KEY NOT NULL,
	"value" numeric(20, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"set_by" integer,
	"set_by_email" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "official_navs" ADD CONSTRAINT "official_navs_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;