import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@tribes/shared';
import { jsonResponse, MEMBER, stubFetch, success } from '../../test/api-harness';
import { renderApp, settle } from '../../test/render-app';

// Leaflet needs a real layout engine: the map and the picker are left out; their number fields stay.
vi.mock('./components/lazy-map', () => ({ LocationPicker: () => null, TribesMap: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
});

const LEADER: User = { ...MEMBER, role: 'leader', profile: { last_step: 'role-selection-completed', primary_tribe_id: null } };
const TRIBE = {
  id: 'a0000000-0000-4000-8000-000000000001',
  slug: 'ait-atlas',
  name: 'Aït Atlas',
  description: '',
  cover_url: null,
  logo_url: null,
  lat: 31.06,
  lng: -7.91,
  region: 'High Atlas',
  visibility: 'open',
  member_count: 1,
  village_count: 0,
  my_membership: { role: 'leader', status: 'active' },
};

describe('onboarding: a leader who creates a tribe', () => {
  // The page and its dialog are lazy chunks: imported once here, so a cold import on a loaded machine is not
  // counted against the first render (the router's lazy() then resolves these same modules).
  beforeAll(async () => {
    await Promise.all([import('../../routes/tribe-selection'), import('./components/create-tribe-dialog')]);
  }, 120_000);

  it('lands on the new tribe (its setup checklist), not on the global feed', async () => {
    const calls = stubFetch((call) => {
      if (call.url.includes('/v1/tribes') && call.method === 'POST' && call.url.endsWith('/v1/tribes'))
        return jsonResponse(201, success({ tribe: TRIBE }, 'Your tribe has been created.'));
      if (call.url.endsWith('/v1/tribe_selection'))
        return jsonResponse(
          200,
          success({ user: { ...LEADER, profile: { last_step: 'tribe-selection-completed', primary_tribe_id: TRIBE.id } } }),
        );
      if (call.url.includes(`/v1/tribes/${TRIBE.slug}`) && call.method === 'GET')
        return jsonResponse(200, success({ tribe: TRIBE }));
      return jsonResponse(200, success({ items: [], next_cursor: null }));
    });
    const { router } = await renderApp('/tribe-selection', { session: { accessToken: 't', userData: LEADER, isLoggedIn: true } });
    await settle(router, '/tribe-selection');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('open-create-tribe', {}, { timeout: 20_000 }));
    await waitFor(() => expect(document.getElementById('field-name')).not.toBeNull(), { timeout: 20_000 });
    await user.type(document.getElementById('field-name')!, 'Aït Atlas');
    await user.type(document.getElementById('field-region')!, 'High Atlas');
    await user.type(document.getElementById('tribe-lat')!, '31.06');
    await user.type(document.getElementById('tribe-lng')!, '-7.91');
    await user.click(screen.getByTestId('create-tribe-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tribes/ait-atlas'), { timeout: 20_000 });
    expect(calls.filter((c) => c.url.endsWith('/v1/tribe_selection')).map((c) => JSON.parse(String(c.body)))).toEqual([
      { tribe_id: TRIBE.id },
    ]);
  }, 60_000);
});
