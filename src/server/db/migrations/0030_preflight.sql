-- Decision 0072: the preflight of a paper's PDF. Each track's rules, set by its chair (an edition's tracks are its
-- own, so are their rules; a track without a row checks nothing), and the findings of each uploaded version.
CREATE TABLE "preflight_rules" (
	"track_id" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text REFERENCES "users"("id")
);
--> statement-breakpoint
SELECT edition_scope('preflight_rules');
--> statement-breakpoint
ALTER TABLE "preflight_rules_all" ADD PRIMARY KEY ("edition_id", "track_id");
--> statement-breakpoint
ALTER TABLE "preflight_rules_all" ADD CONSTRAINT "preflight_rules_track_fk" FOREIGN KEY ("edition_id", "track_id") REFERENCES "tracks_all"("edition_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE TABLE "preflight_reports" (
	"paper_file_id" text PRIMARY KEY NOT NULL REFERENCES "paper_files_all"("id") ON DELETE CASCADE,
	"findings" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT edition_scope('preflight_reports');
