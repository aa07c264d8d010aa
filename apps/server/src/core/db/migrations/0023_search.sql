CREATE TABLE "content_translations" (
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"target" text NOT NULL,
	"version" text NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_translations_subject_type_subject_id_target_pk" PRIMARY KEY("subject_type","subject_id","target"),
	CONSTRAINT "content_translations_subject_type" CHECK ("content_translations"."subject_type" in ('post', 'comment'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text;--> statement-breakpoint
ALTER TABLE "tribes" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "tribes" ADD COLUMN "allow_translation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_pending_idx" ON "users" USING btree ("id") WHERE "users"."search_name" is null;--> statement-breakpoint
CREATE INDEX "tribes_search_text_trgm_idx" ON "tribes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tribes_search_pending_idx" ON "tribes" USING btree ("id") WHERE "tribes"."search_text" is null;--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_search_pending_idx" ON "posts" USING btree ("id") WHERE "posts"."search_text" is null;--> statement-breakpoint
-- Folded search words are computed by the application (foldText, one implementation with the web's):
-- a change of the source text that does not write them too clears them, whichever code path wrote it,
-- and the search module folds the cleared rows again before it answers (DESIGN 11.5,
-- docs/decisions/026-search-folding.md).
CREATE FUNCTION search_clear_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.body IS DISTINCT FROM OLD.body AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text THEN NEW.search_text := NULL; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_search_clear BEFORE UPDATE OF body ON posts FOR EACH ROW EXECUTE FUNCTION search_clear_posts();--> statement-breakpoint
CREATE FUNCTION search_clear_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name AND NEW.search_name IS NOT DISTINCT FROM OLD.search_name THEN NEW.search_name := NULL; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_clear BEFORE UPDATE OF name ON users FOR EACH ROW EXECUTE FUNCTION search_clear_users();--> statement-breakpoint
CREATE FUNCTION search_clear_tribes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name IS DISTINCT FROM OLD.name OR NEW.description IS DISTINCT FROM OLD.description)
    AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text THEN NEW.search_text := NULL; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER tribes_search_clear BEFORE UPDATE OF name, description ON tribes FOR EACH ROW EXECUTE FUNCTION search_clear_tribes();
--> statement-breakpoint
-- A translation goes with its text: when a post or comment is deleted (or soft-deleted), so are its translations.
CREATE FUNCTION content_translations_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM content_translations WHERE subject_type = TG_ARGV[0] AND subject_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_translations_forget AFTER DELETE ON posts FOR EACH ROW EXECUTE FUNCTION content_translations_forget('post');--> statement-breakpoint
CREATE TRIGGER posts_translations_forget_soft AFTER UPDATE OF deleted_at ON posts FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION content_translations_forget('post');--> statement-breakpoint
CREATE TRIGGER comments_translations_forget AFTER DELETE ON comments FOR EACH ROW EXECUTE FUNCTION content_translations_forget('comment');--> statement-breakpoint
CREATE TRIGGER comments_translations_forget_soft AFTER UPDATE OF deleted_at ON comments FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION content_translations_forget('comment');
