-- The organiser's own pages (decision 0064): a title and a Markdown body at a top-level address (/venue), shown
-- once published, listed in the public bar when `in_menu`, in `menu_order`. Each edition has its own (decision 0060).
CREATE TABLE "site_pages" (
	"id" text NOT NULL,
	"address" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"in_menu" boolean DEFAULT false NOT NULL,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text REFERENCES "users"("id"),
	CONSTRAINT "site_pages_address_check" CHECK ("address" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("address") <= 60)
);
--> statement-breakpoint
SELECT edition_scope('site_pages');
--> statement-breakpoint
ALTER TABLE "site_pages_all" ADD PRIMARY KEY ("edition_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_address_key" ON "site_pages_all" ("edition_id", "address");
