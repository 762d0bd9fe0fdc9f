ALTER TABLE "recurring_posts" ADD COLUMN "approval_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD COLUMN "approval_hash" text;--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD COLUMN "review_note" text;