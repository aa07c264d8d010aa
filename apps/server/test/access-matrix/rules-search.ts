import { ACTIVE, MODS, NOT_ACTIVE, by, everyone, type Cell, type Rule, type Rules } from './types.js';

/**
 * Search and translation (DESIGN 11.5). The world's app has no TRANSLATE_PROVIDER, so a reader who may
 * see the text gets 409 translation_disabled (a state answer); who may not gets 404. The translation
 * itself, the cache and the tribe's consent are proved in test/integration/search.
 */

/** The tribe-only post's id, kept from everyone who is not an active member of tribe A. */
const tribePost: Rule['secret'] = { from: [...NOT_ACTIVE, 'anonymous'], text: (w) => w.ids.post! };

/** A fresh comment of the member's on the tribe-only post, for a correction of its language. */
async function memberComment(c: Cell) {
  const { data } = await c.w.call('POST', `/v1/posts/${c.w.ids.post}/comments`, c.w.actors.member.token, {
    body: 'Un commentaire en français pour le test',
  });
  return { params: { id: data.comment.id as string }, body: { lang: 'fr' } };
}

export const searchRules: Rules = {
  // The world's tribe-only post reads "Tribe only": found by its readers, by nobody else.
  'search.search': { expect: everyone(), secret: tribePost, request: () => ({ query: { q: 'tribe only', limit: '50' } }) },
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
