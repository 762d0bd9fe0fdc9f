CREATE TABLE "ai_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"post_id" uuid,
	"recurring_post_id" uuid,
	"tone" text NOT NULL,
	"score" double precision NOT NULL,
	"analysed" boolean DEFAULT true NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_recurring_post_id_recurring_posts_id_fk" FOREIGN KEY ("recurring_post_id") REFERENCES "public"."recurring_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_insights_user_created_idx" ON "ai_insights" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_insights_post_idx" ON "ai_insights" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_insights_recurring_idx" ON "ai_insights" USING btree ("recurring_post_id","created_at");