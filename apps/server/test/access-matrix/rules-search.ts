import { ACTIVE, MODS, NOT_ACTIVE, by, everyone, type Cell, type Rule, type Rules } from './types.js';

/**
 * Search and translation (DESIGN 11.5). The world's app has no TRANSLATE_PROVIDER, so a reader who may
 * see the text gets 409 translation_disabled (a state answer); who may not gets 404. The translation
 * itself, the cache and the tribe's consent are proved in test/integration/search.
 */

/** A tribe-only post of the member's that no other cell edits, made once for the search cells. */
async function searchedPost(c: Cell) {
  if (!c.w.ids.searchedPost) {
    const { data } = await c.w.call('POST', '/v1/posts', c.w.actors.member.token, {
      body: 'Conseil secret du village',
      tribe_id: c.w.tribeA,
      visibility: 'tribe',
    });
    c.w.ids.searchedPost = data.post.id as string;
  }
  return { query: { q: 'conseil secret', limit: '50' } };
}

/** That post's id, kept from everyone who is not an active member of tribe A. */
const tribePost: Rule['secret'] = { from: [...NOT_ACTIVE, 'anonymous'], text: (w) => w.ids.searchedPost! };

/** A fresh comment of the member's on the tribe-only post, for a correction of its language. */
async function memberComment(c: Cell) {
  const { data } = await c.w.call('POST', `/v1/posts/${c.w.ids.post}/comments`, c.w.actors.member.token, {
    body: 'Un commentaire en français pour le test',
  });
  return { params: { id: data.comment.id as string }, body: { lang: 'fr' } };
}

export const searchRules: Rules = {
  // A tribe-only post: found by its readers, by nobody else.
  'search.search': { expect: everyone(), secret: tribePost, request: searchedPost },
  'search.translatePost': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.post! }, body: { to: 'es' } }),
  },
  'search.translateComment': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.comment! }, body: { to: 'es' } }),
  },
  // Only a comment's author corrects its language; its other readers 403, the rest 404.
  'posts.updateComment': {
    expect: by({ allow: ['member'], 403: MODS, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: memberComment,
  },
};
