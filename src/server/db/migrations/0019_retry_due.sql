-- The targets waiting for a next try, found by their own index: the stale-target check and the alerts'
-- count of due targets read them apart from the pending ones (issue 15), instead of reading every target.
CREATE INDEX "post_targets_next_attempt_idx" ON "post_targets" USING btree ("next_attempt_at") WHERE "post_targets"."next_attempt_at" is not null;