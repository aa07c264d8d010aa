import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { OSM_TILE_URL, useMapTiles } from './use-map-tiles';

beforeAll(() => initI18n('en'));
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const config = (map: { tile_url: string; attribution: string | null }) => ({
  realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
  payments: { provider: 'sandbox', token_price_cents: 1, currency: 'USD', display_currencies: [], display_rates: {} },
  map,
});

async function tilesWith(map: { tile_url: string; attribution: string | null }) {
  const calls = stubFetch(() => jsonResponse(200, success(config(map))));
  const { result } = renderHook(() => useMapTiles(), { wrapper: queryWrapper().wrapper });
  await waitFor(() => expect(result.current.url).not.toBeNull());
  expect(calls.map((c) => c.url)).toEqual(['/api/v1/config']);
  return result.current;
}

const osm = { tile_url: OSM_TILE_URL, attribution: null };
const link = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

describe('useMapTiles', () => {
  it('writes OpenStreetMap’s attribution and Leaflet’s credit in the interface language', async () => {
    const en = await tilesWith(osm);
    expect(en.url).toBe(OSM_TILE_URL);
    expect(en.attribution).toBe(`&copy; ${link} contributors`);
    expect(en.prefix).toBe(
      '<a href="https://leafletjs.com" hreflang="en" title="A JavaScript library for interactive maps">Leaflet</a>',
    );

    await changeLocale('fr');
    const fr = await tilesWith(osm);
    expect(fr.attribution).toBe(`&copy; les contributeurs d’${link}`);
    expect(fr.prefix).toContain('title="Une bibliothèque JavaScript pour les cartes interactives"');

    await changeLocale('ar');
    expect((await tilesWith(osm)).attribution).toBe(`&copy; المساهمون في ${link}`);
  });

  it('uses the tile server and attribution the operator configured', async () => {
    const own = await tilesWith({ tile_url: 'https://tiles.example/{z}/{x}/{y}.webp', attribution: '&copy; Example Maps' });
    expect(own).toMatchObject({ url: 'https://tiles.example/{z}/{x}/{y}.webp', attribution: '&copy; Example Maps' });
  });

  it('asks no tile server before the configuration is known', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const { result } = renderHook(() => useMapTiles(), { wrapper: queryWrapper().wrapper });
    expect(result.current.url).toBeNull();
  });
});
