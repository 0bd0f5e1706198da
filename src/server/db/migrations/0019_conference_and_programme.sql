CREATE TABLE "program_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"sessions" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_sessions" ADD COLUMN "link" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "conference" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "conference_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "program_publications" ADD CONSTRAINT "program_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- What was public stays public: a programme saved before drafts existed becomes the first publication.
INSERT INTO "program_publications" ("sessions")
SELECT jsonb_agg(jsonb_build_object(
  '_id', s.id, 'title', s.title, 'track', s.track, 'room', s.room, 'link', s.link,
  'start', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'end', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'chair', s.chair,
  'papers', COALESCE((SELECT jsonb_agg(jsonb_build_object('_id', p.paper_id, 'title', pa.title, 'presenter', p.presenter_name, 'presenterEmail', p.presenter_email) ORDER BY p.position)
    FROM program_placements p JOIN papers pa ON pa.id = p.paper_id WHERE p.session_id = s.id), '[]'::jsonb)
) ORDER BY s.starts_at, s.id)
FROM program_sessions s
HAVING count(*) > 0;
