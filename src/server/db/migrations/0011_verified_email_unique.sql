DROP INDEX "users_email_role_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_role_key" ON "users" USING btree (lower("email"),"role") WHERE "users"."email_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_role_idx" ON "users" USING btree (lower("email"),"role");