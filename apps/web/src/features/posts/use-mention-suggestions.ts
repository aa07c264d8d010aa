import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchEndpoints, tribesEndpoints } from '@tribes/shared';
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
 * members whose name contains the query (GET /v1/tribes/{id}/members?q=: the search cannot keep to one
 * tribe's members); for a public post without a tribe, the people the search finds (GET /v1/search?type=people,
 * folded as it folds: "محمد" finds "مُحَمَّد", "helene" finds "Hélène"; from the first letter on).
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
      const page = await api.call(
        searchEndpoints.search,
        { query: { q: text, type: 'people', limit: LIMIT } },
        // A query the search refuses (only marks) suggests nobody rather than showing a notice.
        { signal, quietStatuses: [400] },
      );
      return page.data.items.map((p) => ({ id: p.id, name: p.title, avatar_url: p.image_url }));
    },
  });
}
