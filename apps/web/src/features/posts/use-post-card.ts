import type { ContentLang, Post } from '@tribes/shared';
import { useState } from 'react';
import { useDeletePost, useMarkPost, useSetPostLang } from './api';

/** What a post card does: marks with optimistic updates, the comments drawer, and the dialogs it opens. */
export function usePostCard(post: Post) {
  const like = useMarkPost('like');
  const favourite = useMarkPost('favourite');
  const hide = useMarkPost('hide');
  const remove = useDeletePost();
  const lang = useSetPostLang();
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'report' | 'edit' | null>(null);
  return {
    toggleLike: () => like.mutate({ post, on: !post.liked }),
    toggleFavourite: () => favourite.mutate({ post, on: !post.favourited }),
    setHidden: (on: boolean) => hide.mutate({ post, on }),
    commentsOpen,
    toggleComments: () => setCommentsOpen((v) => !v),
    dialog,
    open: (d: 'delete' | 'report' | 'edit') => setDialog(d),
    close: () => setDialog(null),
    confirmDelete: async () => {
      await remove.mutateAsync(post.id).catch(() => undefined);
      setDialog(null);
    },
    deleting: remove.isPending,
    /** The author's correction of the post's language. */
    setLang: (next: ContentLang | null) => lang.mutate({ id: post.id, lang: next }),
    settingLang: lang.isPending,
  };
}
