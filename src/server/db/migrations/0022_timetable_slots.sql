-- The timetable of the whole event (decisions 0052 and 0060): a programme session has a kind, 'papers' (a track's session of
-- papers, as before) or a slot without papers (keynote, break, opening, ceremony, workshop, social, other) that
-- belongs to no track (track '') and holds no papers. The table is edition-scoped (decision 0060): the column goes on
-- `program_sessions_all` and the view is made again so that it shows it.
ALTER TABLE "program_sessions_all" ADD COLUMN "kind" text DEFAULT 'papers' NOT NULL;
--> statement-breakpoint
ALTER TABLE "program_sessions_all" ADD CONSTRAINT "program_sessions_kind_check"
  CHECK ("kind" IN ('papers', 'keynote', 'break', 'opening', 'ceremony', 'workshop', 'social', 'other'));
--> statement-breakpoint
ALTER TABLE "program_sessions_all" ADD CONSTRAINT "program_sessions_track_check" CHECK ("kind" = 'papers' OR "track" = '');
--> statement-breakpoint
SELECT edition_view('program_sessions');
--> statement-breakpoint
-- A signed-in participant's personal agenda: the published sessions they starred, one row per person and session.
CREATE TABLE "agenda_stars" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_stars_user_session_pk" PRIMARY KEY ("user_id", "session_id")
);
--> statement-breakpoint
SELECT edition_scope('agenda_stars');
