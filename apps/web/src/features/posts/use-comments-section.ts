import { useForm } from 'react-hook-form';
import { useLocale } from '../../app/locale-hooks';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { isNoConnection } from '../../lib/online-status';
import { useConfirm } from '../../lib/use-confirm';
import type { ContentLang } from '@tribes/shared';
import { useAddComment, useComments, useDeleteComment, useSetCommentLang } from './api';
import { offerPush } from '../../lib/push/push-offer';

const commentParser = lazyParser((s) => s.CommentBodySchema);

interface CommentFields {
  body: string;
}

/** The comments under a post: the list (fetched once opened), the form, and deleting one's own. */
export function useCommentsSection(postId: string, open: boolean) {
  const locale = useLocale();
  const list = useComments(postId, open);
  const add = useAddComment(postId);
  const remove = useDeleteComment(postId);
  const lang = useSetCommentLang(postId);
  const confirm = useConfirm<string>();
  const form = useForm<CommentFields>({ resolver: schemaResolver(commentParser, locale), defaultValues: { body: '' } });
  const onSubmit = form.handleSubmit(async ({ body }) => {
    const added = await add.mutateAsync({ body, onFieldErrors: fieldErrorsTo(form.setError, ['body']) }).catch(() => undefined);
    // undefined: refused (shown on the field); null: kept in the outbox, listed under the comments as waiting.
    if (added === undefined) return;
    form.reset({ body: '' });
    if (added) offerPush();
  });
  return {
    comments: list.data?.pages.flatMap((p) => p.items) ?? [],
    loading: list.isPending,
    // Comments already read stay on screen when a later refetch fails (offline): only a list never loaded fails.
    failed: list.isError && !list.data,
    /** Never loaded, and no connection to load it: not saved for offline (the service worker had no copy). */
    notSavedOffline: list.isError && !list.data && isNoConnection(list.error),
    retry: () => void list.refetch(),
    hasMore: Boolean(list.hasNextPage),
    loadingMore: list.isFetchingNextPage,
    loadMore: () => void list.fetchNextPage(),
    form,
    onSubmit,
    sending: add.isPending,
    /** Deleting a comment asks first. */
    askRemove: confirm.ask,
    confirmOpen: confirm.open,
    closeRemove: confirm.close,
    confirmRemove: async () => {
      if (confirm.subject) await remove.mutateAsync(confirm.subject).catch(() => undefined);
      confirm.close();
    },
    removing: remove.isPending,
    /** The author's correction of a comment's language. */
    setLang: (id: string, next: ContentLang | null) => lang.mutate({ id, lang: next }),
    settingLang: lang.isPending,
  };
}
