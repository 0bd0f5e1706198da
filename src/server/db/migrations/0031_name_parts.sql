-- Decision 0074: names as people write them. A person's and a co-author's given and family names, whether the family
-- name is written first, and a name in Latin letters. Additive: every existing row keeps its `name` as the display
-- name and gets empty parts (nothing is guessed from the old name); the sign-up, profile and co-author forms fill them.
ALTER TABLE "users"
	ADD COLUMN "given_name" text DEFAULT '' NOT NULL,
	ADD COLUMN "family_name" text DEFAULT '' NOT NULL,
	ADD COLUMN "family_first" boolean DEFAULT false NOT NULL,
	ADD COLUMN "latin_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "paper_co_authors_all"
	ADD COLUMN "given_name" text DEFAULT '' NOT NULL,
	ADD COLUMN "family_name" text DEFAULT '' NOT NULL,
	ADD COLUMN "family_first" boolean DEFAULT false NOT NULL,
	ADD COLUMN "latin_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
SELECT edition_view('paper_co_authors');
