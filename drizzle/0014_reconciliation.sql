CREATE TABLE "reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"run_by" integer,
	"run_by_email" text NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"clean" boolean NOT NULL,
	"difference_count" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"cash" jsonb
);
--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_run_by_users_id_fk" FOREIGN KEY ("run_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliations_run_at_idx" ON "reconciliations" USING btree ("run_at","id");