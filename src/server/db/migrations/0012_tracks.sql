CREATE TABLE "track_chairs" (
	"track_id" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_chairs_track_id_email_pk" PRIMARY KEY("track_id","email")
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "tracks" ("id", "name", "description", "topics", "position") VALUES ('track-1', 'Science and Materials', 'Physics, chemistry and the engineering of materials, from the nanoscale to structures.', ARRAY['Nanomaterials and nanotechnology', 'Composite materials', 'Biomaterials and biomedical devices', 'Polymer science and engineering', 'Metallurgy and materials processing', 'Thin films and coatings', 'Corrosion and surface engineering', 'Ceramics and glasses', 'Smart and functional materials', 'Materials for batteries and supercapacitors', 'Photovoltaic and solar materials', 'Computational materials science', 'Materials characterisation techniques', 'Green chemistry and sustainable materials', 'Applied physics and optics', 'Environmental science and pollution control', 'Additive manufacturing', 'Tribology and lubrication']::text[], 1);--> statement-breakpoint
INSERT INTO "tracks" ("id", "name", "description", "topics", "position") VALUES ('track-2', 'Computer Science and Applications', 'Computing theory, systems and their applications across industry and society.', ARRAY['AI', 'Machine Learning', 'Deep Learning', 'NLP', 'Data Science', 'IoT', 'Cybersecurity', 'Blockchain', 'Cloud Computing', 'Big Data', 'Computer Vision', 'Robotics', 'Embedded Systems', 'Software Engineering', 'Web Development', 'Mobile Computing', 'Image Processing', 'Neural Networks', 'Fuzzy Logic', 'Quantum Computing', 'Bioinformatics', 'AR/VR', 'Digital Signal Processing', 'Wireless Networks', '5G Technology', 'Data Mining', 'Natural Language Generation', 'Ethical AI', 'Edge Computing', 'Autonomous Vehicles', 'Smart Cities', 'Sustainable Computing', 'Reinforcement Learning', 'GPU Computing', 'Operating Systems', 'Compiler Design', 'Cyber Law', 'HCI', 'Game Development', 'Distributed Systems', 'E-Learning', 'Information Retrieval', 'Database Systems', 'Data Structures', 'Algorithms', 'Pattern Recognition', 'Knowledge Representation', 'Semantic Web', 'Virtual Reality', 'Speech Recognition']::text[], 2);--> statement-breakpoint
INSERT INTO "tracks" ("id", "name", "description", "topics", "position") VALUES ('track-3', 'Electrical and Electronics Engineering', 'Power, electronics, communication and control, from devices to grids.', ARRAY['Power systems and smart grids', 'Renewable energy systems and grid integration', 'Power electronics and drives', 'Electric vehicles and charging infrastructure', 'Control systems and automation', 'VLSI design and embedded systems', 'Microelectronics and semiconductor devices', 'Signal processing', 'Communication systems, 5G and beyond', 'Antennas, microwave and RF engineering', 'Instrumentation and measurement', 'Sensors, actuators and MEMS', 'Digital system design with FPGAs', 'High-voltage engineering', 'Energy storage and battery management systems', 'Biomedical electronics', 'Optoelectronics and photonics']::text[], 3);--> statement-breakpoint
INSERT INTO "tracks" ("id", "name", "description", "topics", "position") VALUES ('track-4', 'Management and Social Science', 'Business, economics, education and society in a changing, digital world.', ARRAY['Strategic management', 'Marketing and consumer behaviour', 'Human resource management', 'Finance, accounting and banking', 'Entrepreneurship and innovation management', 'Supply chain and operations management', 'Business analytics and decision sciences', 'Corporate governance and business ethics', 'Tourism and hospitality management', 'Economics and public policy', 'Education and pedagogy', 'Sustainable development and corporate social responsibility', 'Organisational behaviour', 'International business and trade', 'Digital transformation and e-commerce', 'Psychology and sociology', 'Law, governance and human rights']::text[], 4);--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "track_id" text;--> statement-breakpoint
UPDATE "papers" SET "track_id" = 'track-2';--> statement-breakpoint
ALTER TABLE "papers" ALTER COLUMN "track_id" SET DEFAULT 'track-2';--> statement-breakpoint
ALTER TABLE "papers" ALTER COLUMN "track_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "free_keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "default_track_id" text DEFAULT 'track-2' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chair_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_chairs" ADD CONSTRAINT "track_chairs_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_chairs_email_idx" ON "track_chairs" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_name_key" ON "tracks" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "papers_track_idx" ON "papers" USING btree ("track_id","id");