import type { QueryClient } from '@tanstack/react-query';
import { readFeedPage } from '../lib/feed-page';
import { accountKeys, postKeys } from '../lib/query-keys';
import { readMe } from '../lib/session/use-me';

/**
 * A signed-in visitor's first requests, started with the page (issue 42) rather than after the messages, the
 * first render and the page's code: GET /v1/me, and the page's main list where it is known (/home's feed).
 * TanStack Query adopts them: the components that ask for the same keys get these answers, not new requests.
 */
export function startFirstQueries(client: QueryClient, appPath: string): void {
  void client.prefetchQuery({ queryKey: accountKeys.me, queryFn: readMe });
  if (appPath === '/home')
    void client.prefetchInfiniteQuery({
      queryKey: postKeys.feed,
      initialPageParam: '',
      queryFn: ({ pageParam, signal }) => readFeedPage(pageParam || undefined, signal),
    });
}
