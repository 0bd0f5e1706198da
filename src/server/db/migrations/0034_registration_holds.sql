-- Decision 0077: the registration office. How long an unpaid registration holds a limited seat (the organiser's
-- setting, 60 minutes as before), whether the desk hands out badges before the conference's first day, and when a
-- registration's badge was picked up (not attendance). Additive: new columns with defaults only.
ALTER TABLE "settings_all" ADD COLUMN IF NOT EXISTS "seat_hold_minutes" integer DEFAULT 60 NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings_all" ADD COLUMN IF NOT EXISTS "badge_pickup_open" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "registrations_all" ADD COLUMN IF NOT EXISTS "badge_picked_up_at" timestamp with time zone;
--> statement-breakpoint
-- Editions (decision 0060): a view's `*` is fixed when it is made.
SELECT edition_view('settings');
--> statement-breakpoint
SELECT edition_view('registrations');
