CREATE TABLE "target_latest_metrics" (
	"target_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"slot" integer,
	"collected_at" timestamp with time zone,
	"likes" integer,
	"shares" integer,
	"comments" integer,
	"reach" integer,
	"impressions" integer
);
--> statement-breakpoint
ALTER TABLE "target_latest_metrics" ADD CONSTRAINT "target_latest_metrics_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_latest_metrics" ADD CONSTRAINT "target_latest_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "target_latest_metrics_user_published_idx" ON "target_latest_metrics" USING btree ("user_id","published_at");--> statement-breakpoint
-- Targets published before this table existed, with their latest reading if they have one.
INSERT INTO "target_latest_metrics" ("target_id", "user_id", "platform", "published_at", "slot", "collected_at", "likes", "shares", "comments", "reach", "impressions")
SELECT t."id", p."user_id", t."platform", t."published_at", r."slot", r."collected_at", r."likes", r."shares", r."comments", r."reach", r."impressions"
  FROM "post_targets" t
  JOIN "posts" p ON p."id" = t."post_id"
  LEFT JOIN LATERAL (
    SELECT m."slot", m."collected_at", m."likes", m."shares", m."comments", m."reach", m."impressions"
      FROM "target_metrics" m
     WHERE m."target_id" = t."id" AND m."outcome" = 'read'
     ORDER BY m."slot" DESC LIMIT 1) r ON true
 WHERE t."status" = 'published' AND t."published_at" IS NOT NULL;
--> statement-breakpoint
-- A reading that moves a target's latest figures tells the API, whose analytics summary cache drops
-- what it kept for that user (db/change-feed.ts), as the calendar's does for posts.
CREATE TRIGGER "target_latest_metrics_notify_insert" AFTER INSERT ON "target_latest_metrics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_by_user('posts');
--> statement-breakpoint
CREATE TRIGGER "target_latest_metrics_notify_update" AFTER UPDATE ON "target_latest_metrics" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_by_user('posts');
--> statement-breakpoint
CREATE TRIGGER "target_latest_metrics_notify_delete" AFTER DELETE ON "target_latest_metrics" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_by_user('posts');
