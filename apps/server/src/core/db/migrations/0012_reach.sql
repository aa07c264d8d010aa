CREATE TABLE "once_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- First-round switches were booleans (a type's in-app switch) and one `email` boolean for every type's mail.
UPDATE "users" SET "notification_settings" = (
  SELECT jsonb_object_agg(t.type, jsonb_build_object(
    'in_app', CASE WHEN jsonb_typeof("notification_settings" -> t.type) = 'boolean' THEN ("notification_settings" ->> t.type)::boolean ELSE true END,
    'email', CASE WHEN jsonb_typeof("notification_settings" -> 'email') = 'boolean' THEN ("notification_settings" ->> 'email')::boolean ELSE false END,
    'push', false))
  FROM unnest(ARRAY['comments','likes','mentions','membership','villages','donations','campaigns','courses']) AS t(type)
) || jsonb_build_object('digest', 'off', 'quiet_hours', null)
WHERE "notification_settings" <> '{}'::jsonb AND NOT EXISTS (
  SELECT 1 FROM jsonb_each("notification_settings") e WHERE jsonb_typeof(e.value) = 'object'
);
