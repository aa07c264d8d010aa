import { render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Staged, stageStart } from './staged';

/** A part that notes, once drawn, how many parts the page then shows: 1, 2, 3... when each comes in a task of its own. */
function Part({ name, drawn }: { name: string; drawn: string[] }) {
  useLayoutEffect(() => {
    drawn.push(`${name}:${document.querySelectorAll('[data-part]').length}`);
  }, [drawn, name]);
  return <p data-part>{name}</p>;
}

describe('Staged (lib/staged.tsx): the start’s render in steps', () => {
  afterEach(() => stageStart(0));

  it('draws its part with its parent when the start did not ask for steps (component tests, later renders)', () => {
    render(
      <Staged fallback={<p>waiting</p>}>
        <p>part</p>
      </Staged>,
    );
    expect(screen.getByText('part')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('during the start draws each part a task after its parent, one part per task, in the order met', async () => {
    stageStart(10_000);
    const drawn: string[] = [];
    render(
      <main>
        <h1>frame</h1>
        <Staged fallback={<p>waiting</p>}>
          <Part name="a" drawn={drawn} />
          <Staged>
            <Part name="a-inner" drawn={drawn} />
          </Staged>
        </Staged>
        <Staged>
          <Part name="b" drawn={drawn} />
        </Staged>
      </main>,
    );
    // The parent is drawn at once, its parts not yet: the first one's place shows its fallback.
    expect(screen.getByText('frame')).toBeTruthy();
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(drawn).toEqual([]);
    await waitFor(() => expect(drawn).toHaveLength(3));
    // a and b were met in the first render, a-inner when a was drawn: it comes after b. Each alone in its task.
    expect(drawn).toEqual(['a:1', 'b:2', 'a-inner:3']);
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('goes on with the parts after one that went away before its turn', async () => {
    stageStart(10_000);
    const drawn: string[] = [];
    function Page() {
      const [gone, setGone] = useState(false);
      useLayoutEffect(() => setGone(true), []);
      return (
        <>
          {!gone && (
            <Staged>
              <Part name="gone" drawn={drawn} />
            </Staged>
          )}
          <Staged>
            <Part name="kept" drawn={drawn} />
          </Staged>
        </>
      );
    }
    render(<Page />);
    await waitFor(() => expect(screen.getByText('kept')).toBeTruthy());
    expect(drawn).toEqual(['kept:1']);
  });

  it('draws at once a part met once the person has acted (a tap, a key, back): a navigation is not drawn in steps', () => {
    stageStart(10_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    render(
      <Staged fallback={<p>waiting</p>}>
        <p>part</p>
      </Staged>,
    );
    expect(screen.getByText('part')).toBeTruthy();
  });

  it('draws at once a part met once the start’s time is over', () => {
    stageStart(10_000);
    stageStart(0);
    render(
      <Staged>
        <p>part</p>
      </Staged>,
    );
    expect(screen.getByText('part')).toBeTruthy();
  });
});
