import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/part-1.js');
const Loaded = ({ name }: { name: string }) => <p>loaded {name}</p>;
const Offline = ({ name }: { name: string }) => <p>not saved {name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>error {this.state.error}</p> : this.props.children;
  }
}

const show = (Part: ComponentType<{ name: string }>, name: string) =>
  render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Part name={name} />
      </Suspense>
    </Boundary>,
  );

afterEach(() => vi.restoreAllMocks());

describe('lazyPart', () => {
  it('shows the part once its code has arrived', async () => {
    const Part = lazyPart(() => Promise.resolve(Loaded), Offline);
    show(Part, 'a');
    expect(await screen.findByText('loaded a')).toBeTruthy();
  });

  it('offline, a chunk never loaded shows the offline part, and a later mount tries again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn<() => Promise<typeof Loaded>>().mockRejectedValueOnce(chunkError()).mockResolvedValue(Loaded);
    const Part = lazyPart(load, Offline);
    const first = show(Part, 'b');
    expect(await screen.findByText('not saved b')).toBeTruthy();
    first.unmount();
    show(Part, 'c');
    expect(await screen.findByText('loaded c')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, or for another error, throws as before', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(
      lazyPart(() => Promise.reject(chunkError()), Offline),
      'd',
    );
    expect(await screen.findByText(/^error Failed to fetch/)).toBeTruthy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show(
      lazyPart(() => Promise.reject(new Error('boom')), Offline),
      'e',
    );
    expect(await screen.findByText('error boom')).toBeTruthy();
  });
});
