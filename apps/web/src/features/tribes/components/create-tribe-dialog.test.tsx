import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { CreateTribeDialog } from './create-tribe-dialog';

// Leaflet needs a real layout engine; the picker's keyboard twin (the number fields) is what is tested here.
vi.mock('./lazy-map', () => ({ LocationPicker: () => null, TribesMap: () => null }));

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

function renderDialog(onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CreateTribeDialog open onClose={() => undefined} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}

const helper = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;

describe('CreateTribeDialog', () => {
  it('validates with the shared schema before calling the API', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('create-tribe-submit'));
    await waitFor(() => expect(helper('field-name')).toBe('This field is required.'));
    expect(helper('field-region')).toBe('This field is required.');
    expect(helper('tribe-lat')).toBe('This field is required.');
    expect(helper('tribe-lng')).toBe('This field is required.');
    expect(document.getElementById('field-name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(document.getElementById('field-name')!, 'A');
    await user.click(screen.getByTestId('create-tribe-submit'));
    await waitFor(() => expect(helper('field-name')).toMatch(/2/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the typed tribe and hands the created one over', async () => {
    const tribe = { id: 'a0000000-0000-4000-8000-000000000001', slug: 'ait-atlas', name: 'Aït Atlas' };
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ status: 'success', message: 'Created', data: { tribe } }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = renderDialog();
    const user = userEvent.setup();
    await user.type(document.getElementById('field-name')!, 'Aït Atlas');
    await user.type(document.getElementById('field-region')!, 'High Atlas');
    await user.type(document.getElementById('tribe-lat')!, '31.06');
    await user.type(document.getElementById('tribe-lng')!, '-7.91');
    await user.click(screen.getByLabelText(/On request/));
    await user.click(screen.getByTestId('create-tribe-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(tribe));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/v1/tribes');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Aït Atlas',
      description: '',
      region: 'High Atlas',
      visibility: 'request',
      lat: 31.06,
      lng: -7.91,
    });
  });
});
