import type { Clock } from '#src/core/clock.js';
import type { TranslationSettings } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import { presentEventHit, presentPersonHit, presentPostHit, presentTribeHit } from './search.presenter.js';
import { createSearchRepo, type SearchRepo } from './search.repo.js';
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
 * Wires search and translation (DESIGN 11.5). `provider` replaces the one TRANSLATE_PROVIDER names (tests);
 * `extraSearchers` adds kinds other modules offer (events).
 */
export function createSearchModule(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  translation: TranslationSettings | null;
  warn: (fields: Record<string, unknown>, message: string) => void;
  provider?: TranslationProvider | null;
  extraSearchers?: KindSearcher[];
}) {
  const repo = createSearchRepo(deps.db);
  const searchers = [...postgresSearchers(repo, deps.storage), ...(deps.extraSearchers ?? [])];
  const catchUp = async () => {
    // Fold what writes cleared since the last search, a batch at a time, until none is left.
    if (!(await repo.anyPending())) return;
    while ((await repo.foldPending()) > 0);
  };
  const search = createSearchService({ searchers, clock: deps.clock, catchUp });
  const provider = deps.provider !== undefined ? deps.provider : createTranslationProvider(deps.translation);
  const translation = createTranslationService({ repo, provider, clock: deps.clock, warn: deps.warn });
  return { search, translation };
}
