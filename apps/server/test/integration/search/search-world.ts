import type { TestApp } from '#test/build-test-app.js';
import { bearer, createPost, createTribe, joinTribe, signUp } from '#test/factories.js';

/** The texts the search tests look for: Arabic with harakat and alef forms, Hebrew with niqqud, Latin with accents. */
export const SEARCH_TEXTS = {
  arabic: 'ذَهَبْنا إلى المَدْرَسَةِ مع أَحْمَد وإِسْلام، ومستشفـــى القرية',
  hebrew: 'שָׁלוֹם לְכֻלָּם, בְּרוּכִים הַבָּאִים לַשֵּׁבֶט',
  latin: 'Éléonore organise la fête du fest-noz à Quimper',
};

/**
 * The people and posts both search modes are checked on: a member of the leader's tribe, an outsider who
 * blocked `blocked`, public posts in three scripts, a tribe-only post and a post of the blocked person.
 * `extra` posts (key → body) are written by the leader too.
 */
export async function searchWorld(t: TestApp, leader: { token: string }, extra: Record<string, string> = {}) {
  const member = await signUp(t, { name: 'Mona Member' });
  const outsider = await signUp(t, { name: 'Omar Outsider' });
  const blocked = await signUp(t, { name: 'Bilal Blocked' });
  const tribeId = (await createTribe(t, leader.token, { name: 'آيت الأطلس', description: 'قبيلة مِنَ الجِبالِ' })).id;
  await joinTribe(t, member.token, tribeId);
  const posts: Record<string, string> = {};
  const write = async (key: string, token: string, body: string, more: Record<string, unknown> = {}) => {
    posts[key] = (await createPost(t, token, { body, ...more })).id;
  };
  for (const [key, body] of Object.entries({ ...SEARCH_TEXTS, ...extra })) await write(key, leader.token, body);
  await write('tribeOnly', member.token, 'Réunion secrète du conseil', { tribe_id: tribeId, visibility: 'tribe' });
  await write('byBlocked', blocked.token, 'Réunion publique du marché');
  await t.app.inject({ method: 'POST', url: `/api/v1/users/${blocked.user.id}/block`, headers: bearer(outsider.token) });
  return { member, outsider, blocked, tribeId, posts };
}
