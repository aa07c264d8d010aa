import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  eventsEndpoints as endpoints,
  type AppEvent,
  type CreateEventBody,
  type Rsvp,
  type RsvpBody,
  type UpdateEventBody,
} from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { viaOutbox } from '../../lib/offline/outbox';

/** Query keys of events: every read sits under 'events'. */
export const eventKeys = {
  all: ['events'] as const,
  tribe: (tribeRef: string, limit: number) => ['events', 'tribe', tribeRef, limit] as const,
  list: (scope: 'all' | 'mine', near: string | null) => ['events', 'list', scope, near ?? ''] as const,
  event: (id: string, occurrence: string | null) => ['events', 'event', id, occurrence ?? ''] as const,
  attendees: (id: string, occurrence: string | null) => ['events', 'attendees', id, occurrence ?? ''] as const,
  calendarUrl: () => ['events', 'calendar-url'] as const,
};

const PAGE_SIZE = 20;

/** After a change, every event read refetches (counts and lists ripple). */
function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: eventKeys.all });
}

type WithErrors<B> = { body: B; onFieldErrors?: FieldErrorsHandler };

/** GET /v1/tribes/{id}/events: a tribe's coming dates, page by page. */
export function useTribeEvents(tribeRef: string, limit = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: eventKeys.tribe(tribeRef, limit),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.tribeEvents,
          { params: { id: tribeRef }, query: { limit, cursor: pageParam || undefined } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/events: upcoming dates I may see (`near` = "lat,lng": nearest first), or mine. */
export function useEvents(scope: 'all' | 'mine', near: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(scope, near),
    enabled,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.list,
          { query: { scope, near: near ?? undefined, limit: PAGE_SIZE, cursor: pageParam || undefined } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /v1/events/{id}: the event with the counts and my answer for one date (default: the next). */
export function useEvent(id: string | undefined, occurrence: string | null) {
  return useQuery({
    queryKey: eventKeys.event(id ?? '', occurrence),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await api.call(
          endpoints.get,
          { params: { id: id ?? '' }, query: occurrence ? { occurrence } : {} },
          { signal, quietStatuses: [404] },
        )
      ).data.event,
  });
}

/** GET /v1/events/{id}/attendees: going first, then interested and waitlisted, page by page. */
export function useAttendees(id: string, occurrence: string | null) {
  return useInfiniteQuery({
    queryKey: eventKeys.attendees(id, occurrence),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.attendees,
          {
            params: { id },
            query: { occurrence: occurrence ?? undefined, limit: PAGE_SIZE, cursor: pageParam || undefined },
          },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useCreateEvent(tribeRef: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<CreateEventBody>) =>
      (await api.call(endpoints.create, { params: { id: tribeRef }, body }, { onFieldErrors })).data.event,
    onSuccess: () => refresh(client),
  });
}

export function useUpdateEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: WithErrors<UpdateEventBody>) =>
      (await api.call(endpoints.update, { params: { id }, body }, { onFieldErrors })).data.event,
    onSuccess: () => refresh(client),
  });
}

export function useCancelEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.cancel, { params: { id } })).data.event,
    onSuccess: () => refresh(client),
  });
}

/** POST /v1/events/{id}/cover: a picture, cropped by the server. */
export function useEventCover(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('cover', file);
      return (await api.call(endpoints.cover, { params: { id }, form })).data.event;
    },
    onSuccess: () => refresh(client),
  });
}

/**
 * PUT /v1/events/{id}/rsvp. Offline, the answer waits in the outbox (sent once, with its key, when the
 * network is back): null then, and the page shows it waiting.
 */
export function useRsvp(event: Pick<AppEvent, 'id' | 'title'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RsvpBody): Promise<Rsvp | null> =>
      viaOutbox(
        { kind: 'rsvp', event_id: event.id, title: event.title, body },
        async (o) => (await api.call(endpoints.rsvp, { params: { id: event.id }, body }, o)).data,
      ),
    onSuccess: (answer) => {
      if (answer) refresh(client);
    },
  });
}

/** GET /v1/me/calendar_url: my private feed's address (a secret), asked for only when shown. */
export function useCalendarUrl(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.calendarUrl(),
    enabled,
    queryFn: async ({ signal }) => (await api.call(endpoints.calendarUrl, {}, { signal })).data.url,
  });
}

/** POST /v1/me/calendar_url: a new address; the old one stops working. */
export function useRotateCalendarUrl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(endpoints.rotateCalendarUrl, { body: {} })).data.url,
    onSuccess: (url) => client.setQueryData(eventKeys.calendarUrl(), url),
  });
}
