-- Editions of the conference on one install (decision 0060). People, their accounts and the file store belong to
-- the series; everything an edition has (its settings and facts, tracks, papers, reviews, registrations, money,
-- programme, awards, mail log and audit) lives in a table `<name>_all` with an `edition_id`, seen through a view
-- `<name>` that shows and accepts only the current edition's rows. The application reads and writes the views, so
-- no query can forget the edition: `current_edition()` is the transaction's `app.edition` when set (reading a
-- past edition, read-only), else the edition marked current.
CREATE TABLE "editions" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" text REFERENCES "users"("id"),
	"closed_at" timestamp with time zone,
	CONSTRAINT "editions_year_key" UNIQUE ("year")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "editions_one_current" ON "editions" ("is_current") WHERE "is_current";
--> statement-breakpoint
-- What this install holds becomes the 2026 edition: the year of its awards programme (core/awards-programme.ts),
-- whatever dates its facts were given.
INSERT INTO "editions" ("id", "year", "is_current") VALUES ('edition-2026', 2026, true);
--> statement-breakpoint
CREATE FUNCTION current_edition() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE(NULLIF(current_setting('app.edition', true), ''), (SELECT "id" FROM "editions" WHERE "is_current"))
$$;
--> statement-breakpoint
-- (Re)creates the view of one edition-scoped table. A migration that adds a column to `<name>_all` calls it again:
-- a view's `*` is fixed when it is made.
CREATE FUNCTION edition_view(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP VIEW IF EXISTS %I', tbl);
  EXECUTE format('CREATE VIEW %I AS SELECT * FROM %I WHERE edition_id = current_edition() WITH CASCADED CHECK OPTION', tbl, tbl || '_all');
END $$;
--> statement-breakpoint
-- Makes a table edition-scoped: renamed to `<name>_all`, given `edition_id` (existing rows: the current edition),
-- indexed on it, and seen through its view. A new edition-scoped table is created as `<name>` and passed here.
CREATE FUNCTION edition_scope(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, tbl || '_all');
  EXECUTE format('ALTER TABLE %I ADD COLUMN edition_id text NOT NULL DEFAULT current_edition() REFERENCES editions(id)', tbl || '_all');
  EXECUTE format('CREATE INDEX %I ON %I (edition_id)', tbl || '_edition_idx', tbl || '_all');
  PERFORM edition_view(tbl);
END $$;
--> statement-breakpoint
SELECT edition_scope(t) FROM unnest(ARRAY[
  'settings', 'tracks', 'track_chairs', 'papers', 'paper_files', 'paper_co_authors', 'declared_conflicts',
  'review_statuses', 'comments', 'reviews', 'review_questions', 'review_versions', 'review_reminders', 'review_ratings',
  'bids', 'discussion_posts', 'discussion_mail_marks', 'meta_reviews', 'author_responses', 'response_window_notices',
  'camera_ready', 'program_sessions', 'program_placements', 'program_publications', 'certificates',
  'registrations', 'early_bird_prices', 'coupons', 'payments', 'payment_events', 'receipts', 'visa_letters',
  'workshop_waitlist', 'award_panel_members', 'award_nominations', 'award_scores',
  'keynote_speakers', 'news_items', 'contact_messages', 'mail_templates', 'bulk_mails', 'mail_queue', 'mail_log', 'audit_log'
]) AS t;
--> statement-breakpoint
-- Keys that were unique in the one edition are unique per edition.
ALTER TABLE "settings_all" DROP CONSTRAINT "settings_pkey", ADD PRIMARY KEY ("edition_id", "id");
--> statement-breakpoint
ALTER TABLE "papers_all" DROP CONSTRAINT "papers_track_id_tracks_id_fk";
--> statement-breakpoint
ALTER TABLE "track_chairs_all" DROP CONSTRAINT "track_chairs_track_id_tracks_id_fk";
--> statement-breakpoint
ALTER TABLE "tracks_all" DROP CONSTRAINT "tracks_pkey", ADD PRIMARY KEY ("edition_id", "id");
--> statement-breakpoint
ALTER TABLE "papers_all" ADD CONSTRAINT "papers_track_fk" FOREIGN KEY ("edition_id", "track_id") REFERENCES "tracks_all"("edition_id", "id");
--> statement-breakpoint
ALTER TABLE "track_chairs_all" DROP CONSTRAINT "track_chairs_track_id_email_pk", ADD PRIMARY KEY ("edition_id", "track_id", "email");
--> statement-breakpoint
ALTER TABLE "track_chairs_all" ADD CONSTRAINT "track_chairs_track_fk" FOREIGN KEY ("edition_id", "track_id") REFERENCES "tracks_all"("edition_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
DROP INDEX "tracks_name_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_name_key" ON "tracks_all" ("edition_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "review_questions_all" DROP CONSTRAINT "review_questions_pkey", ADD PRIMARY KEY ("edition_id", "id");
--> statement-breakpoint
ALTER TABLE "mail_templates_all" DROP CONSTRAINT "mail_templates_pkey", ADD PRIMARY KEY ("edition_id", "name");
--> statement-breakpoint
ALTER TABLE "bulk_mails_all" DROP CONSTRAINT "bulk_mails_key_unique", ADD CONSTRAINT "bulk_mails_key_unique" UNIQUE ("edition_id", "key");
--> statement-breakpoint
ALTER TABLE "coupons_all" DROP CONSTRAINT "coupons_pkey", ADD PRIMARY KEY ("edition_id", "code");
--> statement-breakpoint
DROP INDEX "early_bird_prices_category_until_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "early_bird_prices_category_until_key" ON "early_bird_prices_all" ("edition_id", "category", "until");
--> statement-breakpoint
DROP INDEX "certificates_kind_subject_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_kind_subject_key" ON "certificates_all" ("edition_id", "kind", "subject");
--> statement-breakpoint
DROP INDEX "workshop_waitlist_course_email_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_waitlist_course_email_key" ON "workshop_waitlist_all" ("edition_id", "course_id", lower("email"));
