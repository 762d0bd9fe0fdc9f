-- A change to posts now says which scheduled times it touched, old and new (epoch seconds; 'n' for a post
-- without a date): NOTIFY postwell_changes 'posts:<user id> <t1>,<t2>,…'. A kept calendar range is then
-- dropped only by a change inside it: an autosaved draft without a date, or a post in another month, leaves
-- this month's calendar alone (issue 15, the calendar under writes). A statement touching more than 100
-- times says 'posts:<user id>' as before: everything of that user may have changed.
CREATE FUNCTION postwell_notify_post_times(changed_user text, times text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(times, 1), 0) BETWEEN 1 AND 100 THEN
    PERFORM pg_notify('postwell_changes', 'posts:' || changed_user || ' ' || array_to_string(times, ','));
  ELSE
    PERFORM pg_notify('postwell_changes', 'posts:' || changed_user);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION postwell_notify_posts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE row record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR row IN SELECT user_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM scheduled_at))::bigint::text, 'n')) AS times
                 FROM (SELECT user_id, scheduled_at FROM changed UNION ALL SELECT user_id, scheduled_at FROM before) x
                GROUP BY user_id LOOP
      PERFORM postwell_notify_post_times(row.user_id, row.times);
    END LOOP;
  ELSE
    FOR row IN SELECT user_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM scheduled_at))::bigint::text, 'n')) AS times
                 FROM changed GROUP BY user_id LOOP
      PERFORM postwell_notify_post_times(row.user_id, row.times);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION postwell_notify_by_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE row record;
BEGIN
  -- Rows deleted with their post find no post here: the post's own trigger has told already.
  FOR row IN SELECT p.user_id, array_agg(DISTINCT coalesce(floor(extract(epoch FROM p.scheduled_at))::bigint::text, 'n')) AS times
               FROM changed c JOIN posts p ON p.id = c.post_id GROUP BY p.user_id LOOP
    PERFORM postwell_notify_post_times(row.user_id, row.times);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER posts_notify_insert ON posts;
--> statement-breakpoint
DROP TRIGGER posts_notify_update ON posts;
--> statement-breakpoint
DROP TRIGGER posts_notify_delete ON posts;
--> statement-breakpoint
CREATE TRIGGER posts_notify_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_posts();
--> statement-breakpoint
CREATE TRIGGER posts_notify_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_posts();
--> statement-breakpoint
CREATE TRIGGER posts_notify_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION postwell_notify_posts();
