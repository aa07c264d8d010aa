import { ACTIVE, MODS, NOT_ACTIVE, by, everyone, selfOnly, signedIn, type Cell, type Rule, type Rules } from './types.js';

/**
 * Posts, comments and moderation (DESIGN 5, 6). The post of the path is tribe A's tribe-only post,
 * written by the member: invisible (404) to everyone who is not an active member of tribe A.
 */

const post = (c: Cell) => ({ params: { id: c.w.ids.post! } });

/** A fresh tribe-only post of the member's, for an act that ends it. */
async function freshPost(c: Cell) {
  const { data } = await c.w.call('POST', '/v1/posts', c.w.actors.member.token, {
    body: 'Soon gone',
    tribe_id: c.w.tribeA,
    visibility: 'tribe',
  });
  return data.post.id as string;
}

/** The tribe-only post's id, kept from everyone who is not an active member of tribe A. */
const tribePost: Rule['secret'] = { from: [...NOT_ACTIVE, 'anonymous'], text: (w) => w.ids.post! };

/** Likes, favourites and hides of the tribe-only post: its readers, and them only. */
const onPost: Rule = { expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }), request: post };

export const postsRules: Rules = {
  // Lists anyone may read, without the tribe-only post for those who may not see it.
  'posts.feed': { expect: signedIn(), secret: tribePost, request: () => ({ query: { limit: '50' } }) },
  'posts.explore': { expect: everyone() },
  'posts.tribePosts': {
    expect: everyone(),
    secret: tribePost,
    request: (c) => ({ params: { id: c.w.tribeA }, query: { limit: '50' } }),
  },
  'posts.userPosts': {
    expect: everyone(),
    secret: tribePost,
    request: (c) => ({ params: { id: c.w.actors.member.id }, query: { limit: '50' } }),
  },
  'posts.create': {
    expect: by({ allow: ACTIVE, 403: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ body: { body: 'Hello', tribe_id: c.w.tribeA, visibility: 'tribe' } }),
  },
  'posts.show': { expect: by({ allow: ACTIVE, 404: [...NOT_ACTIVE, 'anonymous'] }), request: post },
  // Only the author edits; a leader or moderator may delete, not rewrite.
  'posts.update': {
    expect: by({ allow: ['member'], 403: MODS, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ ...post(c), body: { body: 'Edited' } }),
  },
  'posts.remove': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: await freshPost(c) } }),
  },
  'posts.like': onPost,
  'posts.unlike': onPost,
  'posts.favourite': onPost,
  'posts.unfavourite': onPost,
  'posts.hide': onPost,
  'posts.unhide': onPost,
  'posts.comments': { expect: by({ allow: ACTIVE, 404: [...NOT_ACTIVE, 'anonymous'] }), request: post },
  'posts.addComment': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ ...post(c), body: { body: 'Well said' } }),
  },
  // The victim's fresh comment on the member's post: the post's author and the moderators delete it.
  'posts.deleteComment': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: async (c) => {
      const { data } = await c.w.call('POST', `/v1/posts/${c.w.ids.post}/comments`, c.w.victim.token, { body: 'Soon gone' });
      return { params: { id: data.comment.id as string } };
    },
  },
  'posts.report': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ ...post(c), body: { reason: 'Off topic' } }),
  },
  'posts.reports': {
    expect: by({ allow: MODS, 403: ['member', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA } }),
  },
  'posts.resolveReport': {
    expect: by({ allow: MODS, 403: ['member', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.report! }, body: { action: 'dismiss' } }),
  },
  'posts.moderationLog': {
    expect: by({ allow: MODS, 403: ['member', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA } }),
  },
  'posts.favourites': { expect: selfOnly() },
  'posts.hidden': { expect: selfOnly() },
};
