import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { queryWrapper } from '../../test/api-harness';
import { useMapTiles } from './use-map-tiles';

const config = {
  realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
  payments: { provider: 'sandbox', token_price_cents: 1, currency: 'USD', display_currencies: [], display_rates: {} },
  map: { tile_url: 'https://tiles.example/{z}/{x}/{y}.webp', attribution: '&copy; Example Maps' },
};

beforeAll(async () => {
  await initI18n('en');
  // What the server puts in the page it serves (apps/server/src/core/web-shell.ts).
  const script = document.createElement('script');
  script.id = 'public-config';
  script.type = 'application/json';
  script.textContent = JSON.stringify(config);
  document.head.append(script);
});
afterAll(() => document.getElementById('public-config')?.remove());

describe('useMapTiles on a page the server served', () => {
  it('knows the tile server from the first render, without asking the API (no credit widening later)', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useMapTiles(), { wrapper: queryWrapper().wrapper });
    expect(result.current).toMatchObject({ url: config.map.tile_url, attribution: config.map.attribution });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
