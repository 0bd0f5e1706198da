CREATE TABLE "bids" (
	"paper_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"bid" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_paper_id_reviewer_id_pk" PRIMARY KEY("paper_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "camera_ready" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declared_conflicts" (
	"paper_id" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "declared_conflicts_paper_id_email_pk" PRIMARY KEY("paper_id","email")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"paper_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"recommendation" integer NOT NULL,
	"confidence" integer NOT NULL,
	"comments_to_authors" text NOT NULL,
	"comments_to_editor" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_paper_id_reviewer_id_pk" PRIMARY KEY("paper_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"submission_deadline" timestamp with time zone,
	"review_deadline" timestamp with time zone,
	"camera_ready_deadline" timestamp with time zone,
	"reviewers_per_paper" integer DEFAULT 3 NOT NULL,
	"max_papers_per_reviewer" integer DEFAULT 10 NOT NULL,
	"blind_review" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "notified_decision" text;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camera_ready" ADD CONSTRAINT "camera_ready_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declared_conflicts" ADD CONSTRAINT "declared_conflicts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_reviewer_idx" ON "bids" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "declared_conflicts_email_idx" ON "declared_conflicts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reviews_reviewer_idx" ON "reviews" USING btree ("reviewer_id");