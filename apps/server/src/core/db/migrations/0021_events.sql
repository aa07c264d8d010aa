CREATE SEQUENCE "public"."event_rsvp_turn_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "event_calendar_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_exceptions" (
	"event_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "event_exceptions_event_id_occurrence_pk" PRIMARY KEY("event_id","occurrence"),
	CONSTRAINT "event_exceptions_times" CHECK ("event_exceptions"."ends_at" > "event_exceptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"event_id" uuid NOT NULL,
	"occurrence" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"turn" bigint DEFAULT nextval('event_rsvp_turn_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_event_id_occurrence_user_id_pk" PRIMARY KEY("event_id","occurrence","user_id"),
	CONSTRAINT "event_rsvps_status" CHECK ("event_rsvps"."status" in ('going', 'interested', 'not_going', 'waitlisted')),
	CONSTRAINT "event_rsvps_guests" CHECK ("event_rsvps"."guests" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tribe_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"place_kind" text NOT NULL,
	"village_id" uuid,
	"place_name" text,
	"lat" double precision,
	"lng" double precision,
	"online_url" text,
	"capacity" integer,
	"visibility" text DEFAULT 'tribe' NOT NULL,
	"repeat_freq" text,
	"repeat_interval" integer DEFAULT 1 NOT NULL,
	"repeat_count" integer,
	"repeat_until" timestamp with time zone,
	"cover_key" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_times" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_place_kind" CHECK ("events"."place_kind" in ('village', 'point', 'online')),
	CONSTRAINT "events_visibility" CHECK ("events"."visibility" in ('tribe', 'public')),
	CONSTRAINT "events_status" CHECK ("events"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "events_repeat_freq" CHECK ("events"."repeat_freq" is null or "events"."repeat_freq" in ('weekly', 'monthly')),
	CONSTRAINT "events_capacity" CHECK ("events"."capacity" is null or "events"."capacity" > 0),
	CONSTRAINT "events_lat_range" CHECK ("events"."lat" is null or "events"."lat" between -90 and 90),
	CONSTRAINT "events_lng_range" CHECK ("events"."lng" is null or "events"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "event_calendar_keys" ADD CONSTRAINT "event_calendar_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_event_status_idx" ON "event_rsvps" USING btree ("event_id","occurrence","status","turn");--> statement-breakpoint
CREATE INDEX "events_tribe_starts_idx" ON "events" USING btree ("tribe_id","starts_at");--> statement-breakpoint
CREATE INDEX "events_visibility_starts_idx" ON "events" USING btree ("visibility","starts_at");