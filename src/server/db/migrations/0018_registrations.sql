CREATE TABLE "award_nominations" (
	"id" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"category" text NOT NULL,
	"nominee_name" text NOT NULL,
	"nominee_email" text NOT NULL,
	"designation" text NOT NULL,
	"affiliation" text NOT NULL,
	"statement" text NOT NULL,
	"cv_key" text NOT NULL,
	"photo_key" text,
	"age" integer,
	"student_status" text,
	"nominated_by" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"award_id" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_nominations_award_id_unique" UNIQUE("award_id")
);
--> statement-breakpoint
CREATE TABLE "award_panel_members" (
	"year" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_panel_members_year_user_id_pk" PRIMARY KEY("year","user_id")
);
--> statement-breakpoint
CREATE TABLE "award_scores" (
	"nomination_id" text NOT NULL,
	"panelist_id" text NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_scores_nomination_id_panelist_id_pk" PRIMARY KEY("nomination_id","panelist_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "early_bird_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"usd_minor" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"number" text PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"payment_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"billing_name" text NOT NULL,
	"billing_address" text,
	"item" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_code_unique" UNIQUE("code"),
	CONSTRAINT "receipts_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"year" integer NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"affiliation" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"paper_id" text,
	"currency" text NOT NULL,
	"list_minor" integer NOT NULL,
	"early_bird" boolean DEFAULT false NOT NULL,
	"extra_pages" integer DEFAULT 0 NOT NULL,
	"extra_minor" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"amount_minor" integer NOT NULL,
	"billing_name" text,
	"billing_address" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "visa_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"passport_name" text NOT NULL,
	"nationality" text NOT NULL,
	"passport_number" text,
	"passport_removed_at" timestamp with time zone,
	"arrival_date" text NOT NULL,
	"departure_date" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"code" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visa_letters_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "workshop_waitlist" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "registration_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "organiser_name" text DEFAULT 'Organising Secretary' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "organiser_title" text DEFAULT 'Organising Committee' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "signature_key" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "passport_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_nominated_by_users_id_fk" FOREIGN KEY ("nominated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_panel_members" ADD CONSTRAINT "award_panel_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_scores" ADD CONSTRAINT "award_scores_nomination_id_award_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."award_nominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_scores" ADD CONSTRAINT "award_scores_panelist_id_users_id_fk" FOREIGN KEY ("panelist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_letters" ADD CONSTRAINT "visa_letters_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visa_letters" ADD CONSTRAINT "visa_letters_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_waitlist" ADD CONSTRAINT "workshop_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_nominations_year_idx" ON "award_nominations" USING btree ("year","status");--> statement-breakpoint
CREATE INDEX "award_nominations_by_idx" ON "award_nominations" USING btree ("nominated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "early_bird_prices_category_until_key" ON "early_bird_prices" USING btree ("category","until");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_seq_key" ON "receipts" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "receipts_registration_idx" ON "receipts" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "registrations_email_idx" ON "registrations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "registrations_paper_idx" ON "registrations" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "registrations_category_idx" ON "registrations" USING btree ("category","status");--> statement-breakpoint
CREATE INDEX "visa_letters_registration_idx" ON "visa_letters" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_waitlist_course_email_key" ON "workshop_waitlist" USING btree ("course_id",lower("email"));--> statement-breakpoint
-- Decision 0043: every payment made before registrations existed becomes one (category 'unspecified', its own id), so the editor's lists and receipts see it.
INSERT INTO "registrations" ("id", "code", "year", "name", "email", "category", "paper_id", "currency", "list_minor", "amount_minor", "status", "paid_at", "created_at", "updated_at")
SELECT p."id",
  upper(substr(md5(p."id" || random()::text), 1, 4) || '-' || substr(md5(p."id" || random()::text), 1, 4) || '-' || substr(md5(p."id" || random()::text), 1, 4) || '-' || substr(md5(p."id" || random()::text), 1, 4)),
  extract(year from p."created_at")::int, p."name", p."email", 'unspecified',
  (SELECT "id" FROM "papers" WHERE "papers"."id" = p."product"),
  CASE WHEN p."currency" = 'INR' THEN 'INR' ELSE 'USD' END,
  round(p."amount" * 100)::int, round(p."amount" * 100)::int,
  CASE WHEN p."status" = 'paid' THEN 'paid' ELSE 'pending' END,
  CASE WHEN p."status" = 'paid' THEN p."updated_at" END, p."created_at", p."updated_at"
FROM "payments" p WHERE p."registration_id" IS NULL;
--> statement-breakpoint
UPDATE "payments" SET "registration_id" = "id" WHERE "registration_id" IS NULL;
