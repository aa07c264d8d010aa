import type { Clock } from '#src/core/clock.js';
import type { MeiliSettings, TranslationSettings } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import { presentEventHit, presentPersonHit, presentPostHit, presentTribeHit } from './search.presenter.js';
import { createMeiliIndexes, MEILI_OVERFETCH, meiliCandidates, prepareMeiliIndexes, type MeiliIndexes } from './search.meili.js';
import { createSearchRepo, type Asker, type IndexedKind, type SearchRepo, type SearchTerms } from './search.repo.js';
import { createSearchService, type KindSearcher } from './search.service.js';
import { createTranslationProvider, type TranslationProvider } from './translation.providers.js';
import { createTranslationService } from './translation.service.js';

/** The PostgreSQL searchers: folded columns with trigram indexes (migration 0023). */
function postgresSearchers(repo: SearchRepo, storage: Pick<Storage, 'url'>): KindSearcher[] {
  return [
    {
      kind: 'people',
      find: (t, a, n) => repo.people(t, a, n),
      present: async (ids) => (await repo.peopleByIds(ids)).map((r) => presentPersonHit(r, storage)),
    },
    {
      kind: 'posts',
      find: (t, a, n) => repo.posts(t, a, n),
      present: async (ids, q) => (await repo.postsByIds(ids)).map((r) => presentPostHit(r, q, storage)),
    },
    {
      kind: 'tribes',
      find: (t, a, n) => repo.tribes(t, a, n),
      present: async (ids, q) => (await repo.tribesByIds(ids)).map((r) => presentTribeHit(r, q, storage)),
    },
    {
      // Folded title and description; the events list's visibility (tribe-only events for members, none of
      // a suspended tribe or organised across a block), cancelled events left out.
      kind: 'events',
      find: (t, a, n) => repo.events(t, a, n),
      present: async (ids, q) => (await repo.eventsByIds(ids)).map((r) => presentEventHit(r, q, storage)),
    },
  ];
}

/**
 * The Meilisearch searchers: Meilisearch ranks the ids by text (more than asked, as some will not be the
 * asker's to see), the PostgreSQL visibility rules of the same kind keep what the asker may see.
 */
function meiliSearchers(meili: MeiliIndexes, repo: SearchRepo, storage: Pick<Storage, 'url'>): KindSearcher[] {
  const find = (kind: IndexedKind) => async (t: SearchTerms, a: Asker, n: number) => {
    const ranked = await meili.ids(kind, t.phrase, n * MEILI_OVERFETCH);
    return meiliCandidates(ranked, await repo.visibleAmong(kind, ranked, t, a), n);
  };
  return postgresSearchers(repo, storage).map((s) => ({ ...s, find: find(s.kind as IndexedKind) }));
}

/**
 * Wires search and translation (DESIGN 11.5). `provider` replaces the one TRANSLATE_PROVIDER names (tests);
 * `extraSearchers` adds kinds other modules offer (events).
 */
export function createSearchModule(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  translation: TranslationSettings | null;
  /** Meilisearch mode (MEILI_URL); null: PostgreSQL. `meiliWait` waits for its tasks (tests). */
  meili?: MeiliSettings | null;
  meiliWait?: boolean;
  warn: (fields: Record<string, unknown>, message: string) => void;
  provider?: TranslationProvider | null;
  extraSearchers?: KindSearcher[];
}) {
  const repo = createSearchRepo(deps.db);
  const meili = deps.meili ? createMeiliIndexes(deps.meili, { wait: deps.meiliWait ?? false }) : null;
  const own = meili ? meiliSearchers(meili, repo, deps.storage) : postgresSearchers(repo, deps.storage);
  const searchers = [...own, ...(deps.extraSearchers ?? [])];
  // Meilisearch: settings and backfill once, before the first search (tried again by the next if they fail).
  let prepared: Promise<void> | null = null;
  const prepare = () => {
    if (!meili) return Promise.resolve();
    prepared ??= prepareMeiliIndexes(meili, repo).catch((error: unknown) => {
      prepared = null;
      throw error;
    });
    return prepared;
  };
  const push = meili ? (kind: IndexedKind, docs: { id: string; text: string }[]) => meili.push(kind, docs) : undefined;
  const catchUp = async () => {
    await prepare();
    // Fold what writes cleared since the last search, a batch at a time, until none is left (and, in
    // Meilisearch mode, push the folded rows to their index).
    if (!(await repo.anyPending())) return;
    while ((await repo.foldPending(500, push)) > 0);
  };
  const search = createSearchService({ searchers, clock: deps.clock, catchUp });
  const provider = deps.provider !== undefined ? deps.provider : createTranslationProvider(deps.translation);
  const translation = createTranslationService({ repo, provider, clock: deps.clock, warn: deps.warn });
  return { search, translation };
}
