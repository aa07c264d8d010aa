ALTER TABLE "events" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_search_pending_idx" ON "events" USING btree ("id") WHERE "events"."search_text" is null;--> statement-breakpoint
-- Folded search words are computed by the application (foldText), like those of 0023_search: a change of
-- an event's title or description that does not write them too clears them, whichever code path wrote it,
-- and the search module folds the cleared rows again before it answers (DESIGN 11.5).
CREATE FUNCTION search_clear_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.title IS DISTINCT FROM OLD.title OR NEW.description IS DISTINCT FROM OLD.description)
    AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text THEN NEW.search_text := NULL; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_search_clear BEFORE UPDATE OF title, description ON events FOR EACH ROW EXECUTE FUNCTION search_clear_events();
