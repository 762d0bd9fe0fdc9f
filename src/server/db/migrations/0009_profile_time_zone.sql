-- A user's time zone is chosen on the Profile page; until then it is unset and the browser's zone applies.
-- No one could choose one before this migration, so every 'UTC' here is the old default, not a choice.
ALTER TABLE "users" ALTER COLUMN "timezone" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "timezone" DROP NOT NULL;--> statement-breakpoint
UPDATE "users" SET "timezone" = NULL WHERE "timezone" = 'UTC';
