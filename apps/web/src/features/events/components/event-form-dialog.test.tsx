import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppEvent } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { wallToIso } from '../zoned-time';
import { EventFormDialog } from './event-form-dialog';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const VILLAGES = [
  { id: 'c0000000-0000-4000-8000-000000000001', name: 'Tabant' },
  { id: 'c0000000-0000-4000-8000-000000000002', name: 'Agouti' },
];

function renderForm(onSaved = vi.fn()) {
  renderWithApp(<EventFormDialog tribeRef="ait-bouguemez" places={{ villages: VILLAGES }} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

describe('the event form', () => {
  it('refuses an empty title and an end before the start, on those fields, without a request', async () => {
    const calls = stubApi(() => undefined);
    renderForm();
    const user = userEvent.setup();
    const start = screen.getByLabelText(/Starts/);
    const end = screen.getByLabelText(/Ends/);
    await user.clear(end);
    await user.type(end, '2030-05-01T10:00');
    await user.clear(start);
    await user.type(start, '2030-05-01T12:00');
    await user.click(screen.getByTestId('event-save'));
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the times with the offset of the chosen zone, the village and a weekly repeat', async () => {
    const calls = stubApi((url, init) =>
      url.pathname.endsWith('/events') && init?.method === 'POST'
        ? { status: 201, ...ok({ event: { id: 'e1' } as AppEvent }) }
        : undefined,
    );
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/), 'Harvest day');
    const start = screen.getByLabelText(/Starts/);
    const end = screen.getByLabelText(/Ends/);
    await user.clear(start);
    await user.type(start, '2030-03-28T19:00');
    await user.clear(end);
    await user.type(end, '2030-03-28T21:00');
    await user.selectOptions(screen.getByLabelText(/Time zone/), 'Europe/Paris');
    await user.selectOptions(screen.getByLabelText(/^Village/), 'Agouti');
    await user.selectOptions(screen.getByLabelText(/Repeat/), 'weekly');
    await user.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Harvest day',
      starts_at: wallToIso('2030-03-28T19:00', 'Europe/Paris'),
      ends_at: wallToIso('2030-03-28T21:00', 'Europe/Paris'),
      time_zone: 'Europe/Paris',
      place: { village_id: VILLAGES[1]!.id },
      visibility: 'tribe',
      repeat: { freq: 'weekly' },
    });
  });

  it('shows the server’s field errors on the fields they concern (a village of another tribe)', async () => {
    stubApi((url, init) =>
      url.pathname.endsWith('/events') && init?.method === 'POST'
        ? {
            status: 400,
            body: {
              status: 'error',
              error_type: 'validation_error',
              message: 'Validation failed.',
              errors: { 'place.village_id': ['This village is not one of the tribe’s.'] },
            },
          }
        : undefined,
    );
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Title/), 'Class');
    await user.click(screen.getByTestId('event-save'));
    expect(await screen.findByText('This village is not one of the tribe’s.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
