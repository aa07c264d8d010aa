-- Sessions that exist before this migration count as signed in when they were made (not now), so an
-- upgrade does not make every old session fresh for a sensitive act.
ALTER TABLE "auth_tokens" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "auth_tokens" SET "authenticated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "auth_tokens" ALTER COLUMN "authenticated_at" SET NOT NULL;
