ALTER TABLE "review_statuses" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reviewer_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- Reviewers who signed up before approval existed count as approved (docs/product.md#the-review-cycle).
UPDATE "users" SET "approved_at" = now() WHERE "approved_at" IS NULL;--> statement-breakpoint
-- Existing assignments: the best known moment each reviewer was sent the paper.
UPDATE "review_statuses" SET "sent_at" = "updated_at";
