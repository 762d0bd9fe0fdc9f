CREATE TABLE "target_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"slot" integer NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"likes" integer,
	"shares" integer,
	"comments" integer,
	"reach" integer,
	"impressions" integer
);
--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "target_metrics_target_slot_idx" ON "target_metrics" USING btree ("target_id","slot");--> statement-breakpoint
CREATE INDEX "target_metrics_target_collected_idx" ON "target_metrics" USING btree ("target_id","collected_at");--> statement-breakpoint
CREATE INDEX "target_metrics_user_collected_idx" ON "target_metrics" USING btree ("user_id","collected_at");