-- The target's job id pointed at its pg-boss publish job; targets are claimed by their due time now.
ALTER TABLE "post_targets" DROP COLUMN "job_id";
