import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { queryWrapper } from '../../../test/api-harness';
import { MapBase } from './map-base';

beforeAll(() => initI18n('en'));
beforeEach(() => {
  vi.useFakeTimers();
  // GET /v1/config never answers here: the map runs without a tile layer.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderMap() {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <MapBase label="Map of tribes" center={{ lat: 20, lng: 10 }} zoom={2} height={320} />
    </Wrapper>,
  );
}

describe('MapBase', () => {
  it('puts its box on the page first and starts Leaflet a task later, not in the same commit', async () => {
    const { container, unmount } = renderMap();
    expect(container.querySelector('[data-testid="map"]')).not.toBeNull();
    expect(container.querySelector('.leaflet-container')).toBeNull();
    await act(() => vi.advanceTimersToNextTimer());
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    unmount();
  });

  it('credits the tiles from the start, before GET /v1/config names them (the attribution does not widen later)', async () => {
    const { container, unmount } = renderMap();
    await act(() => vi.advanceTimersToNextTimer());
    const attribution = container.querySelector('.leaflet-control-attribution')?.textContent ?? '';
    expect(attribution).toContain('Leaflet');
    expect(attribution).toContain('OpenStreetMap');
    unmount();
  });

  it('keeps the same credit line when the tile layer joins later (its own credit replaces the one held for it)', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { container, unmount } = renderMap();
    await act(() => vi.advanceTimersToNextTimer());
    const text = () => container.querySelector('.leaflet-control-attribution')?.textContent ?? '';
    const before = text();
    expect(container.querySelector('.leaflet-tile-pane .leaflet-layer')).toBeNull();
    await act(async () => {
      answer(
        new Response(
          JSON.stringify({
            status: 'success',
            message: 'OK.',
            data: { map: { tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: null } },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      );
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(container.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    expect(text()).toBe(before);
    expect(text().match(/OpenStreetMap/g)).toHaveLength(1);
    unmount();
  });
});
