import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tribe } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { TranslationSetting } from './translation-setting';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const tribe: Tribe = {
  id: 'a0000000-0000-4000-8000-000000000001',
  slug: 'breizh',
  name: 'Breizh',
  description: '',
  cover_url: null,
  logo_url: null,
  lat: 48,
  lng: -3,
  region: 'Bretagne',
  visibility: 'open',
  member_count: 1,
  village_count: 0,
  allow_translation: false,
  my_membership: { role: 'leader', status: 'active', joined_at: new Date().toISOString() },
  created_at: new Date().toISOString(),
};

describe("the leaders' translation switch", () => {
  it('turns on the translation of tribe-only posts (PATCH allow_translation)', async () => {
    const calls = stubApi((url, init) => {
      if (url.pathname.endsWith('/v1/config')) return ok({ translation: { enabled: true } });
      if (init?.method === 'PATCH') return ok({ tribe: { ...tribe, allow_translation: true } });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<TranslationSetting tribe={tribe} />);
    const toggle = await screen.findByRole('switch', { name: 'Allow translation of tribe-only posts' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/Public posts can always be translated/);
    await user.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toContain(`/v1/tribes/${tribe.id}`);
    expect(patch.body).toEqual({ allow_translation: true });
  });

  it('is not shown where the site does not translate', async () => {
    const calls = stubApi((url) => (url.pathname.endsWith('/v1/config') ? ok({ translation: { enabled: false } }) : undefined));
    renderWithApp(<TranslationSetting tribe={tribe} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('translation-setting')).not.toBeInTheDocument();
  });
});
