import type { MediaUrl } from './events.presenter.js';
import type { EventsRepo } from './events.repo.js';

/** What a shared link of an event shows before anyone opens it (its Open Graph card). */
export interface EventPreview {
  title: string;
  description: string;
  cover_url: string | null;
  tribe_name: string;
  starts_at: Date;
  time_zone: string;
}

/**
 * The preview of a shared event link, read without a session: public events only (a tribe-only event, or
 * any event of a suspended tribe, gets the plain page, as it would get a 404 from the API).
 */
export function createEventPreviews(deps: { repo: Pick<EventsRepo, 'findWithRefs'>; media: MediaUrl }) {
  return {
    async preview(id: string): Promise<EventPreview | null> {
      const refs = await deps.repo.findWithRefs(id);
      if (!refs || refs.event.visibility !== 'public' || refs.tribe.suspendedAt) return null;
      const { event } = refs;
      return {
        title: event.title,
        description: event.description,
        cover_url: event.coverKey ? deps.media(event.coverKey) : null,
        tribe_name: refs.tribe.name,
        starts_at: event.startsAt,
        time_zone: event.timeZone,
      };
    },
  };
}
export type EventPreviews = ReturnType<typeof createEventPreviews>;
