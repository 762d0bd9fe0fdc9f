CREATE TABLE "evergreen_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"every_days" integer NOT NULL,
	"max_times" integer,
	"until" timestamp with time zone,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"times" integer DEFAULT 0 NOT NULL,
	"last_made_at" timestamp with time zone,
	"hold_until" timestamp with time zone DEFAULT now() NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evergreen_posts_post_id_unique" UNIQUE("post_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "evergreen_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "evergreen_round" integer;--> statement-breakpoint
ALTER TABLE "evergreen_posts" ADD CONSTRAINT "evergreen_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_posts" ADD CONSTRAINT "evergreen_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evergreen_posts" ADD CONSTRAINT "evergreen_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evergreen_workspace_idx" ON "evergreen_posts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "evergreen_hold_idx" ON "evergreen_posts" USING btree ("hold_until");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_evergreen_id_evergreen_posts_id_fk" FOREIGN KEY ("evergreen_id") REFERENCES "public"."evergreen_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_evergreen_idx" ON "posts" USING btree ("evergreen_id","evergreen_round") WHERE "posts"."evergreen_id" is not null;