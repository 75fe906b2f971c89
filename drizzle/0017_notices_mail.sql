CREATE TABLE "document_mail_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_mail_preferences_mode_check" CHECK ("document_mail_preferences"."mode" in ('immediate', 'digest'))
);
--> statement-breakpoint
CREATE TABLE "document_mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"skipped" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filed_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer,
	"period" text,
	"due_at" timestamp with time zone NOT NULL,
	"document_id" integer,
	"filed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filed_documents_source_unique" UNIQUE("source"),
	CONSTRAINT "filed_documents_kind_check" CHECK ("filed_documents"."kind" in ('notice', 'statement'))
);
--> statement-breakpoint
ALTER TABLE "document_mail_preferences" ADD CONSTRAINT "document_mail_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_mail_queue" ADD CONSTRAINT "document_mail_queue_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_mail_queue" ADD CONSTRAINT "document_mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filed_documents" ADD CONSTRAINT "filed_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filed_documents" ADD CONSTRAINT "filed_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_mail_queue_document_user_idx" ON "document_mail_queue" USING btree ("document_id","user_id");--> statement-breakpoint
CREATE INDEX "document_mail_queue_unsent_idx" ON "document_mail_queue" USING btree ("sent_at","user_id");--> statement-breakpoint
CREATE INDEX "filed_documents_due_idx" ON "filed_documents" USING btree ("due_at");