ALTER TABLE "keynote_speakers" ADD COLUMN "biography" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "keynote_speakers" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "keynote_speakers" ADD COLUMN "shipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "keynote_speakers" SET "sort_order" = 100 + r.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "keynote_speakers") r WHERE r."id" = "keynote_speakers"."id";--> statement-breakpoint
UPDATE "news_items" SET "sort_order" = r.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "news_items") r WHERE r."id" = "news_items"."id";--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000001', 'Keynote speaker to be announced', 'Keynote 1: Advanced Materials', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for advanced materials will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address recent advances in functional and sustainable materials, followed by questions from delegates in the hall and online.', 1, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000002', 'Keynote speaker to be announced', 'Keynote 2: Artificial Intelligence', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for artificial intelligence will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address how machine learning is changing research and industry, followed by questions from delegates in the hall and online.', 2, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000003', 'Keynote speaker to be announced', 'Keynote 3: Smart Energy Systems', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for smart energy systems will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address renewable energy, storage and the smart grid, followed by questions from delegates in the hall and online.', 3, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000004', 'Keynote speaker to be announced', 'Keynote 4: Electronics and Communication', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for electronics and communication will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address embedded electronics and next-generation communication, followed by questions from delegates in the hall and online.', 4, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000005', 'Keynote speaker to be announced', 'Keynote 5: Innovation Management', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for innovation management will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address managing innovation and entrepreneurship in emerging economies, followed by questions from delegates in the hall and online.', 5, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000006', 'Keynote speaker to be announced', 'Keynote 6: Sustainable Development', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for sustainable development will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address science and engineering for the sustainable development goals, followed by questions from delegates in the hall and online.', 6, true) ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "keynote_speakers" ("id", "name", "designation", "position", "biography", "sort_order", "shipped") VALUES ('5eed00000000000000000007', 'Keynote speaker to be announced', 'Keynote 7: Education and Society', 'Affiliation to be announced (sample entry)', 'This is a sample entry. The keynote speaker for education and society will be announced here, with a photo and a full biography, once confirmed by the steering committee.

The keynote will address digital transformation of higher education and society, followed by questions from delegates in the hall and online.', 7, true) ON CONFLICT ("id") DO NOTHING;
