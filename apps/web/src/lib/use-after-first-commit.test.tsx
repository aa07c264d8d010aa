import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit } from './use-after-first-commit';

function Probe({ seen }: { seen: boolean[] }) {
  const after = useAfterFirstCommit();
  // What each commit showed, in order (a layout effect runs once per commit of a new value).
  useLayoutEffect(() => {
    seen.push(after);
  }, [after, seen]);
  return <output data-testid="after">{String(after)}</output>;
}

describe('useAfterFirstCommit', () => {
  it('is false in the first commit and true from the next one', async () => {
    const seen: boolean[] = [];
    await act(async () => {
      render(<Probe seen={seen} />);
    });
    expect(seen).toEqual([false, true]);
    expect(screen.getByTestId('after').textContent).toBe('true');
  });
});
