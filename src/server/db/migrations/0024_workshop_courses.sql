-- The technical workshop as the organiser's data (decisions 0045 and 0060): its courses, each with a title, a date,
-- seats and a fee in US cents, are rows of an edition-scoped table, seeded with the four courses the product always
-- had; the workshop's days and venue are settings columns (the venue null: the conference's own venue).
CREATE TABLE "workshop_courses" (
	"id" text NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"seats" integer NOT NULL,
	"fee_usd_minor" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_courses_seats_check" CHECK ("seats" >= 0),
	CONSTRAINT "workshop_courses_fee_check" CHECK ("fee_usd_minor" >= 0)
);
--> statement-breakpoint
SELECT edition_scope('workshop_courses');
--> statement-breakpoint
ALTER TABLE "workshop_courses_all" ADD PRIMARY KEY ("edition_id", "id");
--> statement-breakpoint
INSERT INTO "workshop_courses" ("id", "title", "date", "seats", "fee_usd_minor", "position") VALUES
	('embedded-systems', 'Embedded Systems', '2022-12-30', 40, 10000, 1),
	('internet-of-things', 'Internet of Things', '2022-12-30', 40, 10000, 2),
	('python-machine-learning', 'Python plus Machine Learning', '2022-12-30', 40, 10000, 3),
	('digital-system-design', 'Digital System Design', '2022-12-30', 40, 10000, 4);
--> statement-breakpoint
ALTER TABLE "settings_all" ADD COLUMN "workshop_first_day" date DEFAULT '2022-12-30' NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings_all" ADD COLUMN "workshop_last_day" date DEFAULT '2022-12-30' NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings_all" ADD COLUMN "workshop_venue" text;
--> statement-breakpoint
SELECT edition_view('settings');
