import { SEARCH_KINDS, SEARCH_LIMITS, searchWords, type SearchKind, type SearchPage, type SearchQuery } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { matchOf, type HitBody } from './search.presenter.js';
import type { Asker, Candidate, SearchTerms } from './search.repo.js';

/**
 * One kind of thing search finds (people, posts, tribes; events when their module offers one): its
 * candidates best first, and their hits. PostgreSQL or Meilisearch answer behind the same interface.
 */
export interface KindSearcher {
  kind: SearchKind;
  /** At most `limit` candidates the asker may see, best first (rank, then score, then id). */
  find(terms: SearchTerms, asker: Asker, limit: number): Promise<Candidate[]>;
  /** The hits of these ids, in any order; an id gone meanwhile is left out. */
  present(ids: string[], query: string): Promise<HitBody[]>;
}

export interface SearchServiceDeps {
  searchers: KindSearcher[];
  clock: Clock;
  /** Brings the index up to date with the writes since the last search (folds cleared rows; in Meilisearch mode also pushes them to its index). */
  catchUp: () => Promise<void>;
}

/** Candidates of several kinds in one order: exact before prefix before near, closer first, then by kind and id. */
function byBest(a: Candidate & { kind: number }, b: Candidate & { kind: number }): number {
  return a.rank - b.rank || b.score - a.score || a.kind - b.kind || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function createSearchService({ searchers, clock, catchUp }: SearchServiceDeps) {
  // One catch-up at a time on this node: fifty searches at once wait for the same one.
  let running: Promise<void> | null = null;
  const upToDate = () => (running ??= catchUp().finally(() => (running = null)));

  return {
    /** GET /v1/search: the hits the asker may see, best first, a page at a time (offset cursor, at most maxResults deep). */
    async search(q: SearchQuery, viewerId: string | null): Promise<SearchPage> {
      const offset = Number(readCursor(q.cursor, { o: 'int' })?.o ?? 0);
      const words = searchWords(q.q);
      if (words.length === 0 || offset >= SEARCH_LIMITS.maxResults) return { items: [], next_cursor: null };
      const kinds = q.type ? new Set(q.type.split(',')) : new Set<string>(SEARCH_KINDS);
      const chosen = searchers.filter((s) => kinds.has(s.kind));
      await upToDate();
      const terms: SearchTerms = { words, phrase: words.join(' ') };
      const asker = { viewerId, now: clock.now() };
      const need = Math.min(offset + q.limit + 1, SEARCH_LIMITS.maxResults + 1);
      const found = await Promise.all(chosen.map((s) => s.find(terms, asker, need)));
      const merged = found.flatMap((list, kind) => list.map((c) => ({ ...c, kind }))).sort(byBest);
      const page = merged.slice(offset, offset + q.limit);
      const end = offset + page.length;
      const more = merged.length > end && end < SEARCH_LIMITS.maxResults;
      const hits = new Map<string, HitBody>();
      await Promise.all(
        chosen.map(async (s, kind) => {
          const ids = page.filter((c) => c.kind === kind).map((c) => c.id);
          if (ids.length) for (const h of await s.present(ids, q.q)) hits.set(`${kind}:${h.id}`, h);
        }),
      );
      const items = page.flatMap((c) => {
        const hit = hits.get(`${c.kind}:${c.id}`);
        return hit ? [{ ...hit, match: matchOf(c.rank) }] : [];
      });
      return { items, next_cursor: more ? encodeCursor({ o: String(end) }) : null };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
