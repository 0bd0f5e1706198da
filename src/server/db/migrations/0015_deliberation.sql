CREATE TABLE "author_responses" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"text" text NOT NULL,
	"words" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_mail_marks" (
	"paper_id" text NOT NULL,
	"user_id" text NOT NULL,
	"told_until" timestamp with time zone NOT NULL,
	"last_mailed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discussion_mail_marks_paper_id_user_id_pk" PRIMARY KEY("paper_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "discussion_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"paper_id" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meta_reviews" (
	"paper_id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"recommendation" text NOT NULL,
	"to_authors" text NOT NULL,
	"to_committee" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_ratings" (
	"paper_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"rated_by" text NOT NULL,
	"rating" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_ratings_paper_id_reviewer_id_pk" PRIMARY KEY("paper_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "review_versions" (
	"paper_id" text NOT NULL,
	"reviewer_id" text NOT NULL,
	"version" integer NOT NULL,
	"recommendation" integer NOT NULL,
	"confidence" integer NOT NULL,
	"comments_to_authors" text NOT NULL,
	"comments_to_editor" text DEFAULT '' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_versions_paper_id_reviewer_id_version_pk" PRIMARY KEY("paper_id","reviewer_id","version")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "review_visibility" text DEFAULT 'after-own-review' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bidding_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "response_opens" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "response_closes" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "discussion_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "notification_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "response_word_limit" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_responses" ADD CONSTRAINT "author_responses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_mail_marks" ADD CONSTRAINT "discussion_mail_marks_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_mail_marks" ADD CONSTRAINT "discussion_mail_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_posts" ADD CONSTRAINT "discussion_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_reviews" ADD CONSTRAINT "meta_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_posts_paper_idx" ON "discussion_posts" USING btree ("paper_id","created_at");--> statement-breakpoint
CREATE INDEX "review_questions_position_idx" ON "review_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "review_ratings_reviewer_idx" ON "review_ratings" USING btree ("reviewer_id");--> statement-breakpoint
INSERT INTO "review_versions" ("paper_id", "reviewer_id", "version", "recommendation", "confidence", "comments_to_authors", "comments_to_editor", "answers", "saved_at")
SELECT "paper_id", "reviewer_id", 1, "recommendation", "confidence", "comments_to_authors", "comments_to_editor", "answers", "submitted_at" FROM "reviews";
