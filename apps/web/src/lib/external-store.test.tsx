import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { createStore, useStoreInTransition } from './external-store';

describe('useStoreInTransition', () => {
  it('shows the value at mount, then each change, once React has rendered it', async () => {
    const store = createStore({ pending: 0 });
    function Count() {
      return <output>{useStoreInTransition(store).pending}</output>;
    }
    render(<Count />);
    expect(screen.getByRole('status')).toHaveTextContent('0');
    await act(async () => store.set({ pending: 2 }));
    expect(screen.getByRole('status')).toHaveTextContent('2');
  });

  it('picks up a change made between its first render and its subscription', async () => {
    const store = createStore(1);
    function Early() {
      const v = useStoreInTransition(store);
      if (store.get() === 1) store.set(5); // during the first render, before the effect subscribes
      return <output>{v}</output>;
    }
    await act(async () => {
      render(<Early />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('5');
  });

  it('re-renders in a transition, not synchronously as useStore does', async () => {
    const store = createStore(0);
    let renders = 0;
    function Count() {
      renders += 1;
      return <output>{useStoreInTransition(store)}</output>;
    }
    render(<Count />);
    await act(async () => undefined);
    const before = renders;
    await act(async () => {
      flushSync(() => store.set(1)); // a sync flush renders urgent updates at once, not transitions
      expect(renders).toBe(before);
    });
    expect(screen.getByRole('status')).toHaveTextContent('1');
  });
});
