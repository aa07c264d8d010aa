import type { Comment, Post, PostVisibility } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import { presentImage } from './images.js';
import type { CommentRow, FeedRow, PostImageRow, PostRow, PostsRepo } from './posts.repo.js';

type Decoration = Awaited<ReturnType<PostsRepo['decorate']>>;

export interface Permissions {
  canEdit: boolean;
  canDelete: boolean;
}

/** A post for one reader: author and tribe names, images (signed when tribe-only), the reader's own marks. */
export function presentPost(row: PostRow, d: Decoration, storage: Pick<Storage, 'url'>, perms: Permissions): Post {
  const author = d.authors.get(row.authorId) as { id: string; name: string; avatarKey: string | null } | undefined;
  const tribe = row.tribeId ? (d.tribes.get(row.tribeId) as { id: string; name: string; slug: string } | undefined) : undefined;
  return {
    id: row.id,
    author: { id: row.authorId, name: author?.name ?? '', avatar_url: author?.avatarKey ? storage.url(author.avatarKey) : null },
    tribe: tribe ? { id: tribe.id, name: tribe.name, slug: tribe.slug } : null,
    visibility: row.visibility as PostVisibility,
    body: row.body,
    lang: row.lang,
    images: (d.images.get(row.id) ?? []).map((i: PostImageRow) => presentImage(i, storage)),
    like_count: row.likeCount,
    comment_count: row.commentCount,
    liked: d.liked.has(row.id),
    favourited: d.favourited.has(row.id),
    hidden: d.hidden.has(row.id),
    can_edit: perms.canEdit,
    can_delete: perms.canDelete,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}

/** A feed post for its reader, from the row the feed statement returns: the same shape as presentPost. */
export function presentFeedRow(row: FeedRow, viewerId: string, storage: Pick<Storage, 'url'>): Post {
  const mine = row.author_id === viewerId;
  return {
    id: row.id,
    author: {
      id: row.author_id,
      name: row.author_name ?? '',
      avatar_url: row.author_avatar_key ? storage.url(row.author_avatar_key) : null,
    },
    tribe: row.tribe_id && row.tribe_name !== null ? { id: row.tribe_id, name: row.tribe_name, slug: row.tribe_slug! } : null,
    visibility: row.visibility as PostVisibility,
    body: row.body,
    lang: row.lang,
    images: row.images.map((i) => presentImage({ ...i, variantWidths: i.variant_widths ?? [] }, storage)),
    like_count: row.like_count,
    comment_count: row.comment_count,
    liked: row.liked,
    favourited: row.favourited,
    // The feed never lists the reader's hidden posts.
    hidden: false,
    can_edit: mine,
    can_delete: mine || (row.tribe_id !== null && row.moderates),
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
  };
}

/** A comment with its author's public name and photo. */
export function presentComment(
  row: { comment: CommentRow; author: { id: string; name: string; avatarKey: string | null } },
  storage: Pick<Storage, 'url'>,
  canDelete: boolean,
  canEdit = false,
): Comment {
  return {
    id: row.comment.id,
    post_id: row.comment.postId,
    author: {
      id: row.author.id,
      name: row.author.name,
      avatar_url: row.author.avatarKey ? storage.url(row.author.avatarKey) : null,
    },
    body: row.comment.body,
    lang: row.comment.lang,
    can_delete: canDelete,
    can_edit: canEdit,
    created_at: row.comment.createdAt.toISOString(),
  };
}
