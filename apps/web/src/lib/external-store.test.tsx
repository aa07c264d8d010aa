import { act, render, screen } from '@testing-library/react';
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
});
