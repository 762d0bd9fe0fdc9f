-- One claim path (decision 036): a target's own row says when a worker should take it. The publish-target
-- jobs of pg-boss go; a target waiting for its post's time, for its next try, or held under a lease is
-- due at that instant, and the claim takes due targets from this index.
DROP INDEX "post_targets_next_attempt_idx";--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "post_targets" t SET "due_at" = CASE
    WHEN t.status = 'publishing' THEN coalesce(t.lease_until, now())
    ELSE coalesce(t.next_attempt_at, p.scheduled_at) END
  FROM "posts" p
 WHERE p.id = t.post_id AND p.status IN ('scheduled', 'publishing')
   AND t.status IN ('pending', 'retrying', 'publishing');--> statement-breakpoint
CREATE INDEX "post_targets_due_idx" ON "post_targets" USING btree ("due_at") WHERE "post_targets"."due_at" is not null;
