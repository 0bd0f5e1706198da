CREATE TABLE "bulk_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_by" text NOT NULL,
	"audience" jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_mails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "mail_digest_items" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"category" text NOT NULL,
	"template" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"digest_mail_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"email" text NOT NULL,
	"category" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_email_category_pk" PRIMARY KEY("email","category")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"name" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "response_window_notices" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "bulk_id" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "bulk_mails" ADD CONSTRAINT "bulk_mails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_window_notices" ADD CONSTRAINT "response_window_notices_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_digest_items_pending_idx" ON "mail_digest_items" USING btree ("email","created_at") WHERE "mail_digest_items"."digest_mail_id" is null;--> statement-breakpoint
CREATE INDEX "mail_queue_bulk_idx" ON "mail_queue" USING btree ("bulk_id") WHERE "mail_queue"."bulk_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_queue_to_idx" ON "mail_queue" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "mail_queue_sent_at_idx" ON "mail_queue" USING btree ("sent_at") WHERE "mail_queue"."sent_at" is not null;