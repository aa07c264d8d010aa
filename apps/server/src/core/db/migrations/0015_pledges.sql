CREATE TABLE "pledge_runs" (
	"pledge_id" uuid NOT NULL,
	"month" text NOT NULL,
	"status" text NOT NULL,
	"donation_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "pledge_runs_pledge_id_month_pk" PRIMARY KEY("pledge_id","month"),
	CONSTRAINT "pledge_runs_status" CHECK ("pledge_runs"."status" in ('paid', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"tribe_id" uuid NOT NULL,
	"campaign_id" uuid,
	"amount" bigint NOT NULL,
	"day_of_month" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"due_month" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_status" CHECK ("pledges"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "pledges_target" CHECK ("pledges"."target_type" in ('tribe', 'campaign')),
	CONSTRAINT "pledges_amount" CHECK ("pledges"."amount" > 0),
	CONSTRAINT "pledges_day" CHECK ("pledges"."day_of_month" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "pledge_runs" ADD CONSTRAINT "pledge_runs_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledges_user_idx" ON "pledges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pledges_due_idx" ON "pledges" USING btree ("status","next_run_at");