import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenedOnce } from './use-opened-once';

function Probe({ open }: { open: boolean }) {
  return <output data-testid="opened">{String(useOpenedOnce(open))}</output>;
}

const opened = () => screen.getByTestId('opened').textContent;

describe('useOpenedOnce', () => {
  it('is false until the first open, then stays true when closed again', () => {
    const { rerender } = render(<Probe open={false} />);
    expect(opened()).toBe('false');
    rerender(<Probe open={false} />);
    expect(opened()).toBe('false');
    rerender(<Probe open />);
    expect(opened()).toBe('true');
    rerender(<Probe open={false} />);
    expect(opened()).toBe('true');
  });

  it('is true at once for what mounts open', () => {
    render(<Probe open />);
    expect(opened()).toBe('true');
  });
});
