ALTER TABLE "donations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;