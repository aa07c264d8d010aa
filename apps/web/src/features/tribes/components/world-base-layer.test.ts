import { describe, expect, it } from 'vitest';
import { cutIntoPieces, PIECES } from './world-base-layer';

describe('cutIntoPieces', () => {
  it('cuts a list into at most PIECES pieces that keep every item once, in order', () => {
    for (const n of [1, 5, PIECES, PIECES + 1, 159, 177]) {
      const items = Array.from({ length: n }, (_, i) => i);
      const pieces = cutIntoPieces(items);
      expect(pieces.length, `${n}`).toBeLessThanOrEqual(PIECES);
      expect(
        pieces.every((p) => p.length > 0),
        `${n}`,
      ).toBe(true);
      expect(pieces.flat(), `${n}`).toEqual(items);
    }
    expect(cutIntoPieces(Array.from({ length: 177 }, (_, i) => i))).toHaveLength(PIECES);
  });

  it('has no piece for an empty list', () => {
    expect(cutIntoPieces([])).toEqual([]);
  });
});
