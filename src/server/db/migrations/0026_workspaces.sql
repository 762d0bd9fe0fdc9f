-- Workspaces (issue 25, decision 042). Every user gets a personal workspace holding everything they have
-- (named after them, they its owner), and every scoped row moves into its user's: nothing is lost or
-- renumbered, and user_id stays on each row as who made it.
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"timezone" text,
	"approval_required" boolean DEFAULT false NOT NULL,
	"personal_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspaces_personal_of_unique" UNIQUE("personal_of")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_of_users_id_fk" FOREIGN KEY ("personal_of") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");
--> statement-breakpoint
INSERT INTO "workspaces" ("name", "timezone", "personal_of") SELECT "name", "timezone", "id" FROM "users";
--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role")
  SELECT "id", "personal_of", 'owner' FROM "workspaces" WHERE "personal_of" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ai_insights" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "ai_insights" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "ai_insights"."user_id";
--> statement-breakpoint
ALTER TABLE "ai_insights" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "ai_insights" ADD CONSTRAINT "ai_insights_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "api_tokens" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "api_tokens"."user_id";
--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_hashtags" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "custom_hashtags" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "custom_hashtags"."user_id";
--> statement-breakpoint
ALTER TABLE "custom_hashtags" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "custom_hashtags" ADD CONSTRAINT "custom_hashtags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "media" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "media"."user_id";
--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "posts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "posts"."user_id";
--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "recurring_posts" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "recurring_posts"."user_id";
--> statement-breakpoint
ALTER TABLE "recurring_posts" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "recurring_posts" ADD CONSTRAINT "recurring_posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "social_connections" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "social_connections"."user_id";
--> statement-breakpoint
ALTER TABLE "social_connections" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "social_connections" ADD CONSTRAINT "social_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "target_latest_metrics" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "target_latest_metrics" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "target_latest_metrics"."user_id";
--> statement-breakpoint
ALTER TABLE "target_latest_metrics" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "target_latest_metrics" ADD CONSTRAINT "target_latest_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "target_metrics" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "target_metrics" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "target_metrics"."user_id";
--> statement-breakpoint
ALTER TABLE "target_metrics" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "templates" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "templates"."user_id";
--> statement-breakpoint
ALTER TABLE "templates" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "variables" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "variables" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "variables"."user_id";
--> statement-breakpoint
ALTER TABLE "variables" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "variables" ADD CONSTRAINT "variables_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "video_renders" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "video_renders" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "video_renders"."user_id";
--> statement-breakpoint
ALTER TABLE "video_renders" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "video_renders" ADD CONSTRAINT "video_renders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "webhook_endpoints" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "webhook_endpoints"."user_id";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "workspace_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "template_seeds" ADD COLUMN "workspace_id" uuid;
--> statement-breakpoint
UPDATE "template_seeds" SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_of" = "template_seeds"."user_id";
--> statement-breakpoint
ALTER TABLE "template_seeds" DROP CONSTRAINT "template_seeds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "template_seeds" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "template_seeds" ADD PRIMARY KEY ("workspace_id");
--> statement-breakpoint
ALTER TABLE "template_seeds" ADD CONSTRAINT "template_seeds_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A consent in progress (at most ten minutes old) names no workspace: it is begun again.
DELETE FROM "oauth_states";
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "workspace_id" uuid NOT NULL;
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "ai_insights_user_created_idx";
--> statement-breakpoint
DROP INDEX "posts_user_scheduled_idx";
--> statement-breakpoint
DROP INDEX "recurring_posts_user_idx";
--> statement-breakpoint
DROP INDEX "social_connections_user_platform_idx";
--> statement-breakpoint
DROP INDEX "target_latest_metrics_user_published_idx";
--> statement-breakpoint
DROP INDEX "target_metrics_user_collected_idx";
--> statement-breakpoint
DROP INDEX "templates_user_idx";
--> statement-breakpoint
DROP INDEX "webhook_endpoints_user_idx";
--> statement-breakpoint
ALTER TABLE "custom_hashtags" DROP CONSTRAINT "custom_hashtags_user_id_category_tag_pk";
--> statement-breakpoint
ALTER TABLE "variables" DROP CONSTRAINT "variables_user_id_name_pk";
--> statement-breakpoint
ALTER TABLE "custom_hashtags" ADD CONSTRAINT "custom_hashtags_workspace_id_category_tag_pk" PRIMARY KEY("workspace_id","category","tag");
--> statement-breakpoint
ALTER TABLE "variables" ADD CONSTRAINT "variables_workspace_id_name_pk" PRIMARY KEY("workspace_id","name");
--> statement-breakpoint
CREATE INDEX "ai_insights_workspace_created_idx" ON "ai_insights" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "media_workspace_idx" ON "media" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE INDEX "posts_workspace_scheduled_idx" ON "posts" USING btree ("workspace_id","scheduled_at");
--> statement-breakpoint
CREATE INDEX "recurring_posts_workspace_idx" ON "recurring_posts" USING btree ("workspace_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "social_connections_workspace_platform_idx" ON "social_connections" USING btree ("workspace_id","platform");
--> statement-breakpoint
CREATE INDEX "target_latest_metrics_workspace_published_idx" ON "target_latest_metrics" USING btree ("workspace_id","published_at");
--> statement-breakpoint
CREATE INDEX "target_metrics_workspace_collected_idx" ON "target_metrics" USING btree ("workspace_id","collected_at");
--> statement-breakpoint
CREATE INDEX "templates_workspace_idx" ON "templates" USING btree ("workspace_id","category");
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_idx" ON "webhook_endpoints" USING btree ("workspace_id","created_at");
--> statement-breakpoint
-- Change notices now name the workspace whose calendar changed ('posts:<workspace id> …'): a member's
-- change reaches every member's kept calendar. A change of membership, or of a workspace, names each
-- member's sign-in ('auth:<user id>'), so what a session remembers of its workspaces is read again.
CREATE OR REPLACE FUNCTION postwell_notify_posts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE row record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR row IN SELECT workspace_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM scheduled_at))::bigint::text, 'n')) AS times
                 FROM (SELECT workspace_id, scheduled_at FROM changed UNION ALL SELECT workspace_id, scheduled_at FROM before) x
                GROUP BY workspace_id LOOP
      PERFORM postwell_notify_post_times(row.workspace_id::text, row.times);
    END LOOP;
  ELSE
    FOR row IN SELECT workspace_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM scheduled_at))::bigint::text, 'n')) AS times
                 FROM changed GROUP BY workspace_id LOOP
      PERFORM postwell_notify_post_times(row.workspace_id::text, row.times);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION postwell_notify_by_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE row record;
BEGIN
  -- Rows deleted with their post find no post here: the post's own trigger has told already.
  FOR row IN SELECT p.workspace_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM p.scheduled_at))::bigint::text, 'n')) AS times
               FROM posts p WHERE p.id = ANY (ARRAY(SELECT DISTINCT post_id FROM changed)) GROUP BY p.workspace_id LOOP
    PERFORM postwell_notify_post_times(row.workspace_id::text, row.times);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION postwell_notify_by_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed_workspace uuid;
BEGIN
  FOR changed_workspace IN SELECT DISTINCT workspace_id FROM changed LOOP
    PERFORM pg_notify('postwell_changes', 'posts:' || changed_workspace::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION postwell_notify_workspace_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE member text;
BEGIN
  FOR member IN SELECT DISTINCT m.user_id FROM workspace_members m WHERE m.workspace_id = ANY (ARRAY(SELECT id FROM changed)) LOOP
    PERFORM pg_notify('postwell_changes', 'auth:' || member);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  spec record;
  event text;
BEGIN
  FOR spec IN SELECT * FROM (VALUES
    ('media', 'postwell_notify_by_workspace()', true),
    ('social_connections', 'postwell_notify_by_workspace()', true),
    ('target_latest_metrics', 'postwell_notify_by_workspace()', true),
    ('workspace_members', 'postwell_notify_by_user(''auth'')', false)
  ) AS s(tbl, fn, replace) LOOP
    FOREACH event IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      IF spec.replace THEN
        EXECUTE format('DROP TRIGGER %I ON %I', spec.tbl || '_notify_' || event, spec.tbl);
      END IF;
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %s',
        spec.tbl || '_notify_' || event, upper(event), spec.tbl,
        CASE WHEN event = 'delete' THEN 'OLD' ELSE 'NEW' END, spec.fn);
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "workspaces_notify_update" AFTER UPDATE ON "workspaces" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_workspace_members();
