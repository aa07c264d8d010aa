import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/** A service worker container that records registrations (jsdom has none). */
function fakeContainer() {
  const register = vi.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
  const container = {
    controller: null,
    register,
    ready: new Promise<never>(() => undefined),
    addEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return register;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker', () => {
  beforeEach(() => vi.stubEnv('PROD', true));
  afterEach(() => {
    vi.unstubAllEnvs();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers once the page has loaded and what it is told to wait for has settled (the first posts painted)', async () => {
    const register = fakeContainer();
    let painted!: () => void;
    registerServiceWorker({ after: new Promise<void>((resolve) => (painted = resolve)) });
    await flush();
    expect(document.readyState).toBe('complete');
    expect(register).not.toHaveBeenCalled();
    painted();
    await flush();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers after load when told to wait for nothing', async () => {
    const register = fakeContainer();
    registerServiceWorker();
    await flush();
    expect(register).toHaveBeenCalledTimes(1);
  });
});
