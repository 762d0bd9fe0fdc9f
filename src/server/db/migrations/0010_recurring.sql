CREATE TABLE "recurring_media" (
	"recurring_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"edits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "recurring_media_recurring_id_media_id_pk" PRIMARY KEY("recurring_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"occurrence_count" integer,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"weekdays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timezone" text NOT NULL,
	"next_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_skips" (
	"recurring_id" uuid NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_skips_recurring_id_occurrence_at_pk" PRIMARY KEY("recurring_id","occurrence_at")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "occurrence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recurring_media" ADD CONSTRAINT "recurring_media_recurring_id_recurring_posts_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_media" ADD CONSTRAINT "recurring_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD CONSTRAINT "recurring_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_skips" ADD CONSTRAINT "recurring_skips_recurring_id_recurring_posts_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_media_media_idx" ON "recurring_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "recurring_posts_user_idx" ON "recurring_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_posts_next_idx" ON "recurring_posts" USING btree ("next_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_recurring_id_recurring_posts_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_occurrence_idx" ON "posts" USING btree ("recurring_id","occurrence_at");