import { endpointPath, eventsEndpoints, type AppEvent } from '@tribes/shared';
import { downloadPdf } from '../../lib/pdf-download';
import { sessionStore } from '../../lib/session/session-store';

/** "20260328T180000Z": a UTC instant as Google Calendar's template link reads it. */
const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A Google Calendar link that opens a new entry filled in with this date of the event. */
export function googleCalendarUrl(e: AppEvent, where: string, pageUrl: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${compactUtc(e.occurrence_starts_at)}/${compactUtc(e.occurrence_ends_at)}`,
    details: `${e.description}\n\n${pageUrl}`.trim(),
    location: where,
    ctz: e.time_zone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** GET /v1/events/{id}/ics as a file download (Apple Calendar, Outlook and any other app open it). */
export function downloadIcs(e: AppEvent): Promise<boolean> {
  const name = `${e.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'event'}.ics`;
  return downloadPdf(endpointPath(eventsEndpoints.ics.path, { id: e.id }), name, sessionStore.get().accessToken, 'text/calendar');
}
