import { Meilisearch, MeilisearchApiError, type EnqueuedTaskPromise } from 'meilisearch';
import type { MeiliSettings } from '#src/core/config.js';
import type { Candidate } from './search.repo.js';
import { INDEXED_KINDS, type FoldedDoc, type IndexedKind, type SearchRepo } from './search.repo.js';

/** How many folded rows one backfill request carries. */
const BACKFILL_BATCH = 1000;

/** Meilisearch ranks the ids by text; PostgreSQL then keeps those the asker may see. How many more to ask for. */
export const MEILI_OVERFETCH = 4;

/**
 * The candidates of one kind in Meilisearch mode, best first and at most `limit`: the ids Meilisearch
 * found (`ranked`, its order) that the visibility filter kept (`visible`, with the rank the PostgreSQL
 * matcher's words rule gives them). Words matches (ranks 0 to 2) are ordered as PostgreSQL mode orders
 * them (score 1000, then id), so both modes give the same answers; the rest (rank 3, found by
 * Meilisearch's typo tolerance) keep Meilisearch's order, through a score falling with its position.
 */
export function meiliCandidates(ranked: string[], visible: { id: string; rank: number }[], limit: number): Candidate[] {
  const position = new Map(ranked.map((id, i) => [id, i]));
  return visible
    .filter((v) => position.has(v.id))
    .map((v) => ({
      id: v.id,
      rank: Number(v.rank),
      score: Number(v.rank) < 3 ? 1000 : Math.max(0, 999 - position.get(v.id)!),
    }))
    .sort((a, b) => a.rank - b.rank || b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit);
}

/**
 * The Meilisearch side of search (DESIGN 11.5): one index per kind (`<prefix><kind>`) of documents
 * { id, text } where text is the folded column, searchable by text only. `wait` waits for each task
 * Meilisearch enqueues (tests: a write is then found by the next search); a running server does not.
 */
export function createMeiliIndexes(settings: MeiliSettings, options: { wait: boolean }) {
  const client = new Meilisearch({ host: settings.url, apiKey: settings.key });
  const index = (kind: IndexedKind) => client.index<FoldedDoc>(`${settings.prefix}${kind}`);
  const settle = async (task: EnqueuedTaskPromise) => {
    if (!options.wait) return void (await task);
    const done = await task.waitTask();
    if (done.status !== 'succeeded') throw new Error(`Meilisearch task ${done.uid} ${done.status}: ${done.error?.message ?? ''}`);
  };

  return {
    /** The settings of each index (idempotent: Meilisearch does nothing when they are already so). */
    async prepare() {
      for (const kind of INDEXED_KINDS) {
        await settle(index(kind).updateSettings({ searchableAttributes: ['text'], displayedAttributes: ['id'] }));
      }
    },
    async isEmpty(kind: IndexedKind): Promise<boolean> {
      try {
        return (await index(kind).getStats()).numberOfDocuments === 0;
      } catch (error) {
        // Not made yet (its settings task still queued): empty.
        if (error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found') return true;
        throw error;
      }
    },
    /** Adds or replaces these documents (same id: the newer text). */
    async push(kind: IndexedKind, docs: FoldedDoc[]) {
      if (docs.length) await settle(index(kind).addDocuments(docs, { primaryKey: 'id' }));
    },
    /** The ids whose text holds every word (the last as a prefix, typos tolerated), best first. */
    async ids(kind: IndexedKind, phrase: string, limit: number): Promise<string[]> {
      const found = await index(kind).search(phrase, { limit, matchingStrategy: 'all', attributesToRetrieve: ['id'] });
      return found.hits.map((h) => String(h.id));
    },
  };
}

export type MeiliIndexes = ReturnType<typeof createMeiliIndexes>;

/**
 * Once per process, before the first search: apply the settings, and fill an empty index with every
 * folded row of its kind (a first start on a database searched in PostgreSQL mode until now). Rows folded
 * later reach the index through foldPending's push.
 */
export async function prepareMeiliIndexes(meili: MeiliIndexes, repo: Pick<SearchRepo, 'folded'>) {
  await meili.prepare();
  for (const kind of INDEXED_KINDS) {
    if (!(await meili.isEmpty(kind))) continue;
    let after: string | null = null;
    for (;;) {
      const docs = await repo.folded(kind, after, BACKFILL_BATCH);
      await meili.push(kind, docs);
      if (docs.length < BACKFILL_BATCH) break;
      after = docs[docs.length - 1]!.id;
    }
  }
}
