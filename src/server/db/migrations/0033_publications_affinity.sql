-- Decision 0076: what people wrote (their publications, kept by the person, for the series) and the affinity of
-- each paper of an edition with its closest reviewers, computed from those publications (decision 0069's model).
-- Additive: new tables only.
CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"year" integer,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"doi" text,
	"counts" boolean DEFAULT true NOT NULL,
	"source" text NOT NULL,
	"dedup_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "publications_user_dedup_key" ON "publications" ("user_id", "dedup_key");
--> statement-breakpoint
-- Each paper's closest reviewers (the top 100), with what explains each affinity.
CREATE TABLE "affinity_pairs" (
	"paper_id" text NOT NULL,
	"reviewer_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"affinity" real NOT NULL,
	"closest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_terms" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
SELECT edition_scope('affinity_pairs');
--> statement-breakpoint
ALTER TABLE "affinity_pairs_all" ADD PRIMARY KEY ("edition_id", "paper_id", "reviewer_id");
--> statement-breakpoint
CREATE INDEX "affinity_pairs_paper_idx" ON "affinity_pairs_all" ("edition_id", "paper_id", "affinity" DESC);
--> statement-breakpoint
CREATE INDEX "affinity_pairs_reviewer_idx" ON "affinity_pairs_all" ("edition_id", "reviewer_id", "affinity" DESC);
--> statement-breakpoint
-- One row per edition: when its affinities were last asked for (a profile changed), which request and which state
-- of the papers (`papers_seen`) the stored pairs answer, and the instance computing them until when (a claimed job
-- row: one instance computes; no session lock, so a transaction pooler in front of PostgreSQL is fine).
CREATE TABLE "affinity_refresh" (
	"edition_id" text PRIMARY KEY NOT NULL REFERENCES "editions"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_for" timestamp with time zone,
	"papers_seen" text,
	"computed_at" timestamp with time zone,
	"claim" text,
	"claimed_until" timestamp with time zone
);
