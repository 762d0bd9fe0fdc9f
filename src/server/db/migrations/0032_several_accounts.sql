DROP INDEX "social_connections_workspace_platform_idx";--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD COLUMN "accounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_workspace_account_idx" ON "social_connections" USING btree ("workspace_id","platform","account_id");