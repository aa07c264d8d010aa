import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useExplore } from './api';

/** /explore: the search (kept in ?q= so hashtag links land on it), its posts, tribes and people. */
export function useExplorePage() {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQ);
  const q = useDebouncedValue(query.trim(), 350);
  // A hashtag link followed while on the page replaces what was typed.
  useEffect(() => setQuery(urlQ), [urlQ]);
  useEffect(() => {
    if (q === urlQ.trim()) return;
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (q) copy.set('q', q);
        else copy.delete('q');
        return copy;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled query updates the URL
  }, [q]);
  const explore = useExplore(urlQ.trim());
  const first = explore.data?.pages[0];
  return { query, setQuery, q: urlQ.trim(), explore, tribes: first?.tribes ?? [], people: first?.people ?? [] };
}
