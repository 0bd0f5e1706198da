-- Decision 0066: when the organiser published the proceedings (null: not published; the camera-ready PDFs stay
-- private), a settings column of each edition; and the presenters' slides, one PDF per accepted paper, an edition table.
ALTER TABLE "settings_all" ADD COLUMN "proceedings_published_at" timestamp with time zone;
--> statement-breakpoint
SELECT edition_view('settings');
--> statement-breakpoint
CREATE TABLE "paper_slides" (
	"paper_id" text PRIMARY KEY NOT NULL REFERENCES "papers_all"("id"),
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text NOT NULL REFERENCES "users"("id"),
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT edition_scope('paper_slides');
--> statement-breakpoint
CREATE INDEX "paper_slides_storage_key_idx" ON "paper_slides_all" ("storage_key");
