-- The public site's lists the editor keeps on /editor/site (decision 0062): the committee, the sponsors and the
-- previous events, each ordered by `sort_order`, each the edition's own (decision 0060). Seeded with the first
-- edition's lists as the pages showed them (src/web/content/committee.ts, home.ts, previous-events.ts).
CREATE TABLE "committee_members" (
	"id" text PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"logo_src" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "previous_events" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"year" integer NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000001', 'General Chairs', 'To be announced (sample entry)', '', 'A university in Thailand', '', 1);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000002', 'General Chairs', 'To be announced (sample entry)', '', 'A university in India', '', 2);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000003', 'Conference Chairs', 'To be announced (sample entry)', '', 'A university in Thailand', '', 3);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000004', 'Conference Chairs', 'To be announced (sample entry)', '', 'A research institute in India', '', 4);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000005', 'Conference Co-chairs', 'To be announced (sample entry)', '', 'A university in Malaysia', '', 5);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000006', 'Conference Co-chairs', 'To be announced (sample entry)', '', 'A university in India', '', 6);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000007', 'Track Chairs', 'To be announced (sample entry)', '', 'Track 1: Science and Materials', '', 7);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000008', 'Track Chairs', 'To be announced (sample entry)', '', 'Track 2: Computer Science and Applications', '', 8);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000009', 'Track Chairs', 'To be announced (sample entry)', '', 'Track 3: Electrical and Electronics Engineering', '', 9);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000010', 'Track Chairs', 'To be announced (sample entry)', '', 'Track 4: Management and Social Science', '', 10);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000011', 'Organizing Secretary', 'To be announced (sample entry)', '', 'Conference secretariat', '', 11);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000012', 'Publicity Chair', 'To be announced (sample entry)', '', 'A university in India', '', 12);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000013', 'Publication Chair', 'To be announced (sample entry)', '', 'A university in Thailand', '', 13);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000014', 'Convenor', 'To be announced (sample entry)', '', 'Conference secretariat', '', 14);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000015', 'Conference Tour Manager', 'To be announced (sample entry)', '', 'Pattaya, Thailand', '', 15);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000016', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in Thailand', '', 16);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000017', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in India', '', 17);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000018', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in Malaysia', '', 18);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000019', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in Vietnam', '', 19);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000020', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in Indonesia', '', 20);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000021', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in United Kingdom', '', 21);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000022', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in Australia', '', 22);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000023', 'International Advisory Committee', 'To be announced (sample entry)', '', 'A university in United Arab Emirates', '', 23);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000024', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Thailand', '', 24);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000025', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in India', '', 25);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000026', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Malaysia', '', 26);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000027', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Singapore', '', 27);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000028', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Philippines', '', 28);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000029', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Bangladesh', '', 29);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000030', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Nepal', '', 30);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000031', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Sri Lanka', '', 31);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000032', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Japan', '', 32);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000033', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in South Korea', '', 33);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000034', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in Germany', '', 34);--> statement-breakpoint
INSERT INTO "committee_members" ("id", "section", "name", "role", "affiliation", "country", "sort_order") VALUES ('5eedc0000000000000000035', 'Technical Program Committee', 'To be announced (sample entry)', '', 'A university in United States', '', 35);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000001', 'Publisher (sample logo)', 'Publisher', '', '/images/logos/publisher.svg', 1);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000002', 'Indexing partner (sample logo)', 'Indexing partner', '', '/images/logos/indexing-1.svg', 2);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000003', 'Indexing partner (sample logo)', 'Indexing partner', '', '/images/logos/indexing-2.svg', 3);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000004', 'Indexing partner (sample logo)', 'Indexing partner', '', '/images/logos/indexing-3.svg', 4);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000005', 'Technical co-sponsor (sample logo)', 'Technical co-sponsor', '', '/images/logos/cosponsor-1.svg', 5);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000006', 'Technical co-sponsor (sample logo)', 'Technical co-sponsor', '', '/images/logos/cosponsor-2.svg', 6);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000007', 'Technical co-sponsor (sample logo)', 'Technical co-sponsor', '', '/images/logos/cosponsor-3.svg', 7);--> statement-breakpoint
INSERT INTO "sponsors" ("id", "name", "role", "link", "logo_src", "sort_order") VALUES ('5eedb0000000000000000008', 'Technical co-sponsor (sample logo)', 'Technical co-sponsor', '', '/images/logos/cosponsor-4.svg', 8);--> statement-breakpoint
INSERT INTO "previous_events" ("id", "label", "year", "place", "link", "sort_order") VALUES ('5eede0000000000000000001', 'India 2019 Dehradun', 2019, 'Dehradun', '', 1);--> statement-breakpoint
INSERT INTO "previous_events" ("id", "label", "year", "place", "link", "sort_order") VALUES ('5eede0000000000000000002', 'Thailand 2019 Bangkok', 2019, 'Bangkok', '', 2);--> statement-breakpoint
INSERT INTO "previous_events" ("id", "label", "year", "place", "link", "sort_order") VALUES ('5eede0000000000000000003', 'India 2020 Dehradun', 2020, 'Dehradun', '', 3);--> statement-breakpoint
INSERT INTO "previous_events" ("id", "label", "year", "place", "link", "sort_order") VALUES ('5eede0000000000000000004', 'India 2021 Online', 2021, 'Online', '', 4);--> statement-breakpoint
INSERT INTO "previous_events" ("id", "label", "year", "place", "link", "sort_order") VALUES ('5eede0000000000000000005', 'Thailand 2022 Pattaya', 2022, 'Pattaya', '', 5);--> statement-breakpoint
SELECT edition_scope('committee_members');--> statement-breakpoint
SELECT edition_scope('sponsors');--> statement-breakpoint
SELECT edition_scope('previous_events');
