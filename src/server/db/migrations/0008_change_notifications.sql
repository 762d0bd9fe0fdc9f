-- Who changed: every statement that touches what a user's calendar shows (posts, their networks and
-- media, the user's accounts) or what their sign-in carries (the user, their sessions) sends
-- NOTIFY postwell_changes 'posts:<user id>' or 'auth:<user id>'. The API's caches listen and drop what
-- they kept for that user. PostgreSQL delivers notifications at commit and folds repeats within a
-- transaction; statement-level triggers send one per user per statement, however many rows it touched.
CREATE FUNCTION postwell_notify_by_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed_user text;
BEGIN
  FOR changed_user IN SELECT DISTINCT user_id FROM changed LOOP
    PERFORM pg_notify('postwell_changes', TG_ARGV[0] || ':' || changed_user);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION postwell_notify_by_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed_user text;
BEGIN
  -- Rows deleted with their post find no post here: the post's own trigger has told already.
  FOR changed_user IN SELECT DISTINCT p.user_id FROM changed c JOIN posts p ON p.id = c.post_id LOOP
    PERFORM pg_notify('postwell_changes', 'posts:' || changed_user);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION postwell_notify_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed_user text;
BEGIN
  FOR changed_user IN SELECT id FROM changed LOOP
    PERFORM pg_notify('postwell_changes', 'auth:' || changed_user);
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
    ('posts', 'postwell_notify_by_user(''posts'')'),
    ('media', 'postwell_notify_by_user(''posts'')'),
    ('social_connections', 'postwell_notify_by_user(''posts'')'),
    ('post_targets', 'postwell_notify_by_post()'),
    ('post_media', 'postwell_notify_by_post()'),
    ('sessions', 'postwell_notify_by_user(''auth'')'),
    ('users', 'postwell_notify_user_row()')
  ) AS s(tbl, fn) LOOP
    FOREACH event IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION %s',
        spec.tbl || '_notify_' || event, upper(event), spec.tbl,
        CASE WHEN event = 'delete' THEN 'OLD' ELSE 'NEW' END, spec.fn);
    END LOOP;
  END LOOP;
END $$;
