-- Decision 0073: the programme PDF and the abstract book are made in the background when the programme is
-- published (or the conference's facts change), stored in the file store and served from it. One row per edition
-- and document: what was asked for (`requested_for`: the publication and facts it must show), what the stored file
-- shows (`made_for`, `storage_key`), the progress of the making (`done` of `total`), and the instance making it
-- until when (a claimed job row: one instance makes a document; no session lock, so a transaction pooler is fine).
-- Additive: a new table only.
CREATE TABLE IF NOT EXISTS "document_jobs" (
	"edition_id" text DEFAULT current_edition() NOT NULL REFERENCES "editions"("id"),
	"kind" text NOT NULL,
	"requested_for" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"made_for" text,
	"storage_key" text,
	"size" integer,
	"ready_at" timestamp with time zone,
	"error" text,
	"claim" text,
	"claimed_until" timestamp with time zone,
	PRIMARY KEY ("edition_id", "kind")
);
