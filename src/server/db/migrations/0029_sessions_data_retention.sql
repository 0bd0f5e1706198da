-- Decision 0071: sign-in sessions a person sees and ends (a token names its session; every request checks it),
-- a person's data export (made in the background, fetched once through a mailed link), and the organiser's
-- retention periods. Additive only: an instance of the previous release on the same database ignores all of it.
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" ("user_id", "created_at");
--> statement-breakpoint
-- Tokens without a session (issued before this release, or by an instance of it during the upgrade) issued before
-- this moment are refused: "end all other sessions" and a password reset reach them too.
ALTER TABLE "users" ADD COLUMN "unsessioned_tokens_valid_after" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" integer,
	"token_hash" text UNIQUE,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "data_exports_status_idx" ON "data_exports" ("status", "requested_at");
--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" ("user_id");
--> statement-breakpoint
-- How long after an edition closes each kind of its data is kept; no row (or null days): kept.
CREATE TABLE "retention_rules" (
	"kind" text PRIMARY KEY NOT NULL,
	"days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
