ALTER TABLE "paper_co_authors" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_co_authors" ADD COLUMN "orcid" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "doi_prefix" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "doi_pattern" text DEFAULT 'imse.{year}.{paperId}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "orcid" text;