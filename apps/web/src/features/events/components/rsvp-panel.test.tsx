import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppEvent } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { RsvpPanel } from './rsvp-panel';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const EVENT: AppEvent = {
  id: 'e0000000-0000-4000-8000-000000000001',
  tribe_id: 't1',
  tribe: { id: 't1', slug: 'ait-bouguemez', name: 'Ait Bouguemez' },
  title: 'Language class',
  description: '',
  description_html: '',
  starts_at: later(3),
  ends_at: later(3.1),
  time_zone: 'Africa/Casablanca',
  place: { kind: 'village', village_id: 'v1', name: 'Tabant', lat: 31.6, lng: -6.4 },
  capacity: 3,
  visibility: 'tribe',
  repeat: { freq: 'weekly', interval: 1, count: null, until: null, rrule: 'FREQ=WEEKLY' },
  exceptions: [],
  cover_url: null,
  status: 'scheduled',
  sequence: 0,
  occurrence: later(10),
  occurrence_starts_at: later(10),
  occurrence_ends_at: later(10.1),
  going_count: 1,
  waitlist_count: 0,
  my_rsvp: null,
  my_guests: 0,
  my_waitlist_position: null,
  can_edit: false,
  organiser: null,
  created_at: later(-1),
  updated_at: later(-1),
};

describe('answering an event', () => {
  it('sends going for the date shown, with the guests and an Idempotency-Key', async () => {
    const calls = stubApi((url, init) =>
      url.pathname.endsWith('/rsvp') && init?.method === 'PUT'
        ? ok({
            status: 'going',
            guests: 0,
            occurrence: EVENT.occurrence,
            waitlist_position: null,
            going_count: 2,
            waitlist_count: 0,
          })
        : undefined,
    );
    renderWithApp(<RsvpPanel event={EVENT} />);
    expect(screen.getByTestId('going-count')).toHaveTextContent('1 going · 2 places left');
    await userEvent.setup().click(screen.getByTestId('rsvp-going'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ status: 'going', occurrence: EVENT.occurrence, guests: 0 });
    expect(put.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a waitlisted answer clearly, with the place in line, and the going button pressed', () => {
    stubApi(() => undefined);
    renderWithApp(
      <RsvpPanel event={{ ...EVENT, going_count: 3, waitlist_count: 2, my_rsvp: 'waitlisted', my_waitlist_position: 2 }} />,
    );
    expect(screen.getByTestId('rsvp-waitlisted')).toHaveTextContent('you are number 2 on the waiting list');
    expect(screen.getByTestId('rsvp-going')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('going-count')).toHaveTextContent('3 going · full · 2 on the waiting list');
  });

  it('takes no answer for a cancelled event or a past date', () => {
    stubApi(() => undefined);
    const { unmount } = renderWithApp(<RsvpPanel event={{ ...EVENT, status: 'cancelled' }} />);
    expect(screen.queryByTestId('rsvp-going')).toBeNull();
    expect(screen.getByText('This event was cancelled: it takes no answers.')).toBeInTheDocument();
    unmount();
    renderWithApp(<RsvpPanel event={{ ...EVENT, occurrence_starts_at: later(-2), occurrence_ends_at: later(-1.9) }} />);
    expect(screen.queryByTestId('rsvp-going')).toBeNull();
    expect(screen.getByText('This date has passed.')).toBeInTheDocument();
  });
});
