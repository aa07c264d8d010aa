import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expectMainContent,
  holdMainContent,
  MAIN_CONTENT_WAIT_MS,
  useAfterMainContent,
  useMainContentHold,
} from './main-content';

function Extras() {
  return <p>{useAfterMainContent() ? 'extras' : 'waiting'}</p>;
}

function Content({ pending }: { pending: boolean }) {
  useMainContentHold(pending);
  return <p>{pending ? 'skeleton' : 'posts'}</p>;
}

/** Runs the timers and animation frames due in `ms`, inside act. */
const pass = async (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('the frame’s extras after the main content (lib/main-content.ts)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('come a task after the first render when nothing is waiting', async () => {
    render(<Extras />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await pass(1);
    expect(screen.getByText('extras')).toBeTruthy();
  });

  it('wait for a post list’s first posts to be painted, expected from the start', async () => {
    expectMainContent();
    const { rerender } = render(
      <>
        <Extras />
      </>,
    );
    await pass(100);
    expect(screen.getByText('waiting')).toBeTruthy();
    // The page's code arrives: its list waits for the feed.
    rerender(
      <>
        <Extras />
        <Content pending />
      </>,
    );
    await pass(500);
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(
      <>
        <Extras />
        <Content pending={false} />
      </>,
    );
    expect(screen.getByText('posts')).toBeTruthy();
    expect(screen.getByText('waiting')).toBeTruthy();
    await pass(50); // a frame, then a task, then the extras' task
    expect(screen.getByText('extras')).toBeTruthy();
    // Once shown they stay, whatever waits later (a next page's list).
    rerender(
      <>
        <Extras />
        <Content key="next" pending />
      </>,
    );
    await pass(50);
    expect(screen.getByText('extras')).toBeTruthy();
  });

  it('come after MAIN_CONTENT_WAIT_MS when the content never arrives', async () => {
    holdMainContent();
    render(<Extras />);
    await pass(MAIN_CONTENT_WAIT_MS - 10);
    expect(screen.getByText('waiting')).toBeTruthy();
    await pass(20);
    expect(screen.getByText('extras')).toBeTruthy();
  });

  it('set nothing after they are gone (the task is cancelled on unmount)', () => {
    const { unmount } = render(<Extras />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('come when the waiting content goes away', async () => {
    const { rerender } = render(
      <>
        <Extras />
        <Content pending />
      </>,
    );
    await pass(100);
    expect(screen.getByText('waiting')).toBeTruthy();
    rerender(<Extras />);
    await pass(1);
    expect(screen.getByText('extras')).toBeTruthy();
  });
});

describe('mainContentPainted (what waits for a page’s main content: the service worker’s registration)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  /** A fresh copy of the module (its state is the page's), and whether its promise has settled. */
  async function fresh() {
    const mod = await import('./main-content');
    const settled = (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      return () => done;
    };
    return { mod, settled };
  }

  it('resolves at once on a page whose start expected no main content (a sign-in, a settings page)', async () => {
    const { mod, settled } = await fresh();
    const done = settled(mod.mainContentPainted());
    await pass(0);
    expect(done()).toBe(true);
  });

  it('waits for the first posts to be painted, past the frame extras’ MAIN_CONTENT_WAIT_MS', async () => {
    const { mod, settled } = await fresh();
    function Posts({ pending }: { pending: boolean }) {
      mod.useMainContentHold(pending);
      return <p>{pending ? 'skeleton' : 'posts'}</p>;
    }
    mod.expectMainContent();
    const done = settled(mod.mainContentPainted());
    const { rerender } = render(<Posts pending />);
    // A feed slow to answer: the frame's extras have come (3 s), the worker still waits.
    await pass(mod.MAIN_CONTENT_WAIT_MS + 2000);
    expect(done()).toBe(false);
    rerender(<Posts pending={false} />);
    expect(done()).toBe(false);
    await pass(50); // a frame, then a task
    expect(done()).toBe(true);
  });

  it('resolves after MAIN_CONTENT_PAINT_WAIT_MS when the content never comes', async () => {
    const { mod, settled } = await fresh();
    mod.expectMainContent();
    const done = settled(mod.mainContentPainted());
    await pass(mod.MAIN_CONTENT_PAINT_WAIT_MS - 10);
    expect(done()).toBe(false);
    await pass(20);
    expect(done()).toBe(true);
  });
});
