import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page, Post } from '@tribes/shared';
import { useCallback, useDeferredValue, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { LoadMore } from '../../../components/load-more';
import { useMainContentHold } from '../../../lib/main-content';
import { useRevealInSteps } from '../../../lib/use-reveal-in-steps';
import { PostCard } from './post-card';

interface Props<P extends Page<Post>> {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  emptyTitle: string;
  emptyBody?: ReactNode;
  emptyIcon?: typeof SvgIcon;
  /** Only the posts that still belong to the list (e.g. still favourited), so a change shows at once. */
  keep?: (post: Post) => boolean;
  /** Show hidden posts in full (the hidden posts list). */
  showHidden?: boolean;
  label: string;
  /** What follows the list (e.g. a link to explore), shown once every card is drawn so the cards never push it down. */
  after?: ReactNode;
}

/** A list of posts with loading, error and empty states, and infinite scroll with a keyboard-usable "more" button. */
export function PostList<P extends Page<Post>>({
  query,
  emptyTitle,
  emptyBody,
  emptyIcon = ArticleOutlinedIcon,
  keep,
  showHidden,
  label,
  after,
}: Props<P>) {
  const { t } = useTranslation();
  const { fetchNextPage } = query;
  const onMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  // The cards render in the background, in slices the browser can interrupt, rather than in one
  // long task when the posts arrive; the skeleton (or the previous list) stays until then (React's
  // concurrent rendering; under Preact, which the build uses, a deferred value is the value).
  const data = useDeferredValue(query.data);
  const posts = data ? data.pages.flatMap((p) => p.items).filter((p) => (keep ? keep(p) : true)) : [];
  // The cards that fill the screen in the first paint, then one more per task (decision 028).
  const listRef = useRef<HTMLElement>(null);
  const shown = useRevealInSteps(posts.length, listRef);
  // The page's main content: the frame's extras (app bar buttons, the composer's controls) come after its first paint.
  useMainContentHold(query.isPending || (!data && !query.isError));
  if (query.isPending || (!data && !query.isError)) return <ListSkeleton rows={3} height={160} />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void query.refetch()}>{t('posts.common.retry')}</Button>}
        data-testid="posts-error"
      >
        {t('posts.list.failed')}
      </Alert>
    );
  if (!data) return null;
  if (posts.length === 0 && !query.hasNextPage)
    return <EmptyState icon={emptyIcon} title={emptyTitle} body={emptyBody} headingLevel="h2" />;
  return (
    <Stack ref={listRef} spacing={2} component="section" aria-label={label} data-testid="post-list">
      {posts.slice(0, shown).map((post) => (
        <PostCard key={post.id} post={post} showHidden={showHidden} />
      ))}
      {/* Once every card is drawn: seen earlier, it would load the next page at once. */}
      {shown === posts.length && (
        <>
          <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onMore={onMore} auto />
          {after}
        </>
      )}
    </Stack>
  );
}
