import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreachableSources } from '../../../../scripts/import-graph';

describe('web sources', () => {
  it('are each reached from the entry, src/main.tsx (no dead file; test helpers live in src/test/)', () => {
    const root = `${resolve(import.meta.dirname, '..')}/`;
    expect(unreachableSources(root, ['main.tsx'])).toEqual([]);
  });
});
