-- Decision 0070: sign-in with ORCID or another OpenID Connect provider, and a second factor (TOTP). Every table is new
-- and of the series (accounts belong to no edition); users gains one nullable column. Additive only.
ALTER TABLE "users" ADD COLUMN "orcid_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_factor_due" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"orcid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_role_key" ON "user_identities" ("provider", "subject", "role");
--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" ("user_id");
--> statement-breakpoint
CREATE TABLE "oidc_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"state_hash" text UNIQUE,
	"browser_hash" text NOT NULL,
	"provider" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"role" text NOT NULL,
	"link_user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"ticket_hash" text UNIQUE,
	"subject" text,
	"email" text,
	"email_verified" boolean,
	"name" text,
	"orcid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_idx" ON "oidc_flows" ("expires_at");
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL UNIQUE,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"require_second_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
