-- When a render's last run began (decision 033): the next free render slot goes to the user with the
-- fewest renders running and, among those, the one whose last render began longest ago, so one user's
-- queue of renders does not hold up another's.
ALTER TABLE "video_renders" ADD COLUMN "started_at" timestamp with time zone;
