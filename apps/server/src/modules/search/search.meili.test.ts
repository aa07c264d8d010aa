import { describe, expect, it } from 'vitest';
import type { SearchRepo } from './search.repo.js';
import { meiliCandidates, prepareMeiliIndexes, type MeiliIndexes } from './search.meili.js';

describe('meiliCandidates: Meilisearch order filtered by visibility', () => {
  it('drops what the visibility filter did not keep and what Meilisearch did not find', () => {
    const found = meiliCandidates(
      ['a', 'b', 'c'],
      [
        { id: 'c', rank: 2 },
        { id: 'z', rank: 0 },
      ],
      10,
    );
    expect(found).toEqual([{ id: 'c', rank: 2, score: 1000 }]);
  });

  it('orders words matches as PostgreSQL mode does (rank, then id) and near ones by Meilisearch position', () => {
    const ranked = ['n2', 'w-b', 'n1', 'x', 'w-a', 'p'];
    const visible = [
      { id: 'n1', rank: 3 },
      { id: 'w-a', rank: 2 },
      { id: 'n2', rank: 3 },
      { id: 'w-b', rank: 2 },
      { id: 'x', rank: 0 },
      { id: 'p', rank: 1 },
    ];
    expect(meiliCandidates(ranked, visible, 10).map((c) => [c.id, c.rank])).toEqual([
      ['x', 0],
      ['p', 1],
      ['w-a', 2],
      ['w-b', 2],
      ['n2', 3],
      ['n1', 3],
    ]);
  });

  it('keeps at most limit, the best ones, with near scores falling with position', () => {
    const found = meiliCandidates(
      ['a', 'b', 'c'],
      [
        { id: 'c', rank: 3 },
        { id: 'b', rank: 3 },
        { id: 'a', rank: 1 },
      ],
      2,
    );
    expect(found).toEqual([
      { id: 'a', rank: 1, score: 1000 },
      { id: 'b', rank: 3, score: 998 },
    ]);
  });

  it('reads a rank the database gave as text as a number', () => {
    const found = meiliCandidates(['a'], [{ id: 'a', rank: '0' as unknown as number }], 1);
    expect(found[0]!.rank).toBe(0);
  });
});

describe('prepareMeiliIndexes', () => {
  it('applies the settings, then fills only the empty indexes, a batch after another', async () => {
    const pushed: [string, string[]][] = [];
    const meili = {
      prepare: async () => void pushed.push(['settings', []]),
      isEmpty: async (kind: string) => kind === 'posts',
      push: async (kind: string, docs: { id: string }[]) => void pushed.push([kind, docs.map((d) => d.id)]),
    } as unknown as MeiliIndexes;
    const ids = Array.from({ length: 1001 }, (_, i) => String(i).padStart(5, '0'));
    const repo: Pick<SearchRepo, 'folded'> = {
      folded: async (_kind, after, batch) =>
        ids
          .filter((id) => after === null || id > after)
          .slice(0, batch)
          .map((id) => ({ id, text: 'x' })),
    };
    await prepareMeiliIndexes(meili, repo);
    expect(pushed.map(([k, d]) => [k, d.length])).toEqual([
      ['settings', 0],
      ['posts', 1000],
      ['posts', 1],
    ]);
    expect(pushed[2]![1]).toEqual(['01000']);
  });
});
