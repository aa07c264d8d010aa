CREATE TABLE "tribe_members" (
	"tribe_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tribe_members_tribe_id_user_id_pk" PRIMARY KEY("tribe_id","user_id"),
	CONSTRAINT "tribe_members_role" CHECK ("tribe_members"."role" in ('leader', 'moderator', 'member')),
	CONSTRAINT "tribe_members_status" CHECK ("tribe_members"."status" in ('active', 'pending', 'banned'))
);
--> statement-breakpoint
CREATE TABLE "tribes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"region" text NOT NULL,
	"visibility" text DEFAULT 'open' NOT NULL,
	"created_by" uuid,
	"member_count" integer DEFAULT 0 NOT NULL,
	"village_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tribes_lat_range" CHECK ("tribes"."lat" between -90 and 90),
	CONSTRAINT "tribes_lng_range" CHECK ("tribes"."lng" between -180 and 180),
	CONSTRAINT "tribes_visibility" CHECK ("tribes"."visibility" in ('open', 'request')),
	CONSTRAINT "tribes_counts" CHECK ("tribes"."member_count" >= 0 and "tribes"."village_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tribe_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"population" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "villages_lat_range" CHECK ("villages"."lat" between -90 and 90),
	CONSTRAINT "villages_lng_range" CHECK ("villages"."lng" between -180 and 180),
	CONSTRAINT "villages_status" CHECK ("villages"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "villages_population" CHECK ("villages"."population" is null or "villages"."population" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribes" ADD CONSTRAINT "tribes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tribe_members_user_idx" ON "tribe_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tribe_members_tribe_status_idx" ON "tribe_members" USING btree ("tribe_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tribes_slug_unique" ON "tribes" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tribes_name_lower_unique" ON "tribes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "tribes_search_trgm_idx" ON "tribes" USING gin (lower("name" || ' ' || "region") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "villages_tribe_name_unique" ON "villages" USING btree ("tribe_id",lower("name"));--> statement-breakpoint
CREATE INDEX "villages_tribe_status_idx" ON "villages" USING btree ("tribe_id","status");