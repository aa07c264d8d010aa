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

describe('MapBase', () => {
  it('puts its box on the page first and starts Leaflet a task later, not in the same commit', async () => {
    const { wrapper: Wrapper } = queryWrapper();
    const { container, unmount } = render(
      <Wrapper>
        <MapBase label="Map of tribes" center={{ lat: 20, lng: 10 }} zoom={2} height={320} />
      </Wrapper>,
    );
    expect(container.querySelector('[data-testid="map"]')).not.toBeNull();
    expect(container.querySelector('.leaflet-container')).toBeNull();
    await act(() => vi.advanceTimersToNextTimer());
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    unmount();
  });
});
