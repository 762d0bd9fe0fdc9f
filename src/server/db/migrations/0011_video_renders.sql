CREATE TABLE "video_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"media_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"layout" jsonb NOT NULL,
	"storage_key" text,
	"bytes" integer,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_renders_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "render_id" uuid;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_renders_media_idx" ON "video_renders" USING btree ("media_id");--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_render_id_video_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."video_renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_media_render_idx" ON "post_media" USING btree ("render_id");