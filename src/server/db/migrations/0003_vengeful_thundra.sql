CREATE TABLE "certificates" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"paper_id" text,
	"paper_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_placements" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"position" integer NOT NULL,
	"presenter_name" text NOT NULL,
	"presenter_email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"track" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"chair" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_placements" ADD CONSTRAINT "program_placements_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_placements" ADD CONSTRAINT "program_placements_session_id_program_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."program_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_kind_subject_key" ON "certificates" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "certificates_email_idx" ON "certificates" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "program_placements_session_idx" ON "program_placements" USING btree ("session_id","position");--> statement-breakpoint
CREATE INDEX "program_sessions_start_idx" ON "program_sessions" USING btree ("starts_at","id");