-- Sign-in lock-out per device (issue 23, OWASP's device cookies): a browser that once signed in is judged
-- on its own failures; '' is every unknown device of the account, which share one lock as before.
ALTER TABLE "login_throttle" DROP CONSTRAINT "login_throttle_pkey";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_email_device_pk" PRIMARY KEY("email","device");
