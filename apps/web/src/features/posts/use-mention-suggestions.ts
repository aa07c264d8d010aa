import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postsEndpoints, tribesEndpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { postKeys } from './api';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface MentionSuggestion {
  id: string;
  name: string;
  avatar_url: string | null;
}

const LIMIT = 6;

/**
 * People to suggest for an @mention being typed (`query`, null when none is): in a tribe, its active
 * members whose name contains the query (GET /v1/tribes/{id}/members?q=); for a public post without a
 * tribe, the people a search finds (GET /v1/explore?q=, from the first letter on).
 */
export function useMentionSuggestions(tribeId: string | null, query: string | null) {
  const q = useDebouncedValue(query, 150);
  const enabled = q !== null && (tribeId !== null || q.trim().length > 0);
  return useQuery({
    queryKey: postKeys.mentions(tribeId ?? '', q ?? ''),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<MentionSuggestion[]> => {
      const text = (q ?? '').trim();
      if (tribeId) {
        const page = await api.call(
          tribesEndpoints.members,
          { params: { id: tribeId }, query: { status: 'active', q: text || undefined, limit: LIMIT } },
          { signal },
        );
        return page.data.items.map((m) => ({ id: m.user.id, name: m.user.name, avatar_url: m.user.avatar_url }));
      }
      const page = await api.call(postsEndpoints.explore, { query: { q: text, limit: 1 } }, { signal });
      return page.data.people.slice(0, LIMIT).map((p) => ({ id: p.id, name: p.name, avatar_url: p.avatar_url ?? null }));
    },
  });
}
