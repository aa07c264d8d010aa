import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreachableSources } from '../../../scripts/import-graph.js';

describe('shared sources', () => {
  it('are each reached from the package entry, src/index.ts (no dead file)', () => {
    expect(unreachableSources(`${resolve(import.meta.dirname)}/`, ['index.ts'])).toEqual([]);
  });
});
