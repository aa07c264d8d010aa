import type { SearchHit } from '@tribes/shared';

/**
 * The web page a hit opens. The server names /people/{id} and /posts/{id}; the web shows a person at
 * /user-profile/{id} and has no page of one post, so a post opens its tribe (or its author's profile).
 */
export function hitLink(hit: SearchHit): string {
  switch (hit.kind) {
    case 'people':
      return `/user-profile/${encodeURIComponent(hit.id)}`;
    case 'posts':
      if (hit.tribe) return `/tribes/${encodeURIComponent(hit.tribe.slug)}`;
      return hit.author ? `/user-profile/${encodeURIComponent(hit.author.id)}` : '/explore';
    case 'tribes':
    case 'events':
      return hit.path;
  }
}
