import type { InfiniteData } from '@tanstack/react-query';
import type { Page, Post } from '@tribes/shared';

/** Any cached list of posts: an infinite list of pages, or a single post answer. */
type PostPages = InfiniteData<Page<Post>>;

const isPages = (v: unknown): v is PostPages =>
  typeof v === 'object' && v !== null && Array.isArray((v as { pages?: unknown }).pages);

/** Replaces one post in cached data (every page of an infinite list), leaving other data untouched. */
export function patchPostIn<T>(data: T, id: string, patch: (post: Post) => Post): T {
  if (!isPages(data)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!Array.isArray(page.items)) return page;
    const items = page.items.map((p) => {
      if (p.id !== id) return p;
      changed = true;
      return patch(p);
    });
    return { ...page, items };
  });
  return changed ? ({ ...data, pages } as T) : data;
}

/** Removes one post from cached lists (after a delete). */
export function dropPostFrom<T>(data: T, id: string): T {
  if (!isPages(data)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((p) => p.id !== id) })) } as T;
}

export type PostMark = 'like' | 'favourite' | 'hide';

/** The post as it will be once a mark is set or cleared: what an optimistic update shows. */
export function applyMark(post: Post, kind: PostMark, on: boolean): Post {
  switch (kind) {
    case 'like':
      if (post.liked === on) return post;
      return { ...post, liked: on, like_count: Math.max(0, post.like_count + (on ? 1 : -1)) };
    case 'favourite':
      return { ...post, favourited: on };
    case 'hide':
      return { ...post, hidden: on };
  }
}
