import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller, type Method } from '#test/call.js';
import {
  buyTokens,
  createCampaign,
  createPost,
  createTribe,
  joinTribe,
  makeModerator,
  newKey,
  signUp,
  signUpLeader,
} from '#test/factories.js';

// Issue 11 point 10: a member banned from a tribe acts on nothing of it (they may still delete
// what they wrote); the same write by an active member goes through.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { token: string };
/** The parts of an answer's data this test reads. */
type Item = { id: string; questions: [{ id: string }] };
type Data = Record<'village' | 'comment' | 'course' | 'lesson' | 'assessment', Item>;
const api = caller(() => t, { prefix: '/api' });
const call = async (method: Method, url: string, who: Who, payload?: object, headers: Record<string, string> = {}) => {
  const res = await api(method, url, who, payload, headers);
  return { status: res.status, body: res.body as { status: string; message: string; data: Data } };
};
const ok = <T extends { status: number; body: { data: Data } }>(res: T) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data;
};

const village = (name: string) => ({ name, lat: 31.1, lng: -7.9, description: 'By the river' });

let s: {
  tribeId: string;
  leader: Who;
  banned: Who;
  active: Who;
  bannedVillage: string;
  activeVillage: string;
  bannedPost: string;
  activePost: string;
  leaderPost: string;
  bannedComment: string;
  campaignId: string;
  courseId: string;
  lessonId: string;
  assessmentId: string;
  questionId: string;
};

beforeAll(async () => {
  const leader = await signUpLeader(t);
  const tribeId = (await createTribe(t, leader.token)).id;
  const banned = await signUp(t);
  const active = await signUp(t);
  for (const u of [banned, active]) {
    await joinTribe(t, u.token, tribeId);
    await buyTokens(t, u.token, 100);
  }
  // A former moderator: their old role must not outlive the ban either.
  await makeModerator(t, leader.token, tribeId, banned.user.id);
  const villageOf = async (u: Who, name: string) =>
    ok(await call('POST', `/v1/tribes/${tribeId}/villages`, u, village(name))).village.id as string;
  const leaderPost = (await createPost(t, leader.token, { tribe_id: tribeId, body: 'Harvest day' })).id;
  const bannedComment = ok(await call('POST', `/v1/posts/${leaderPost}/comments`, banned, { body: 'Before the ban' })).comment
    .id as string;
  ok(await call('POST', `/v1/posts/${leaderPost}/like`, banned));
  const courseId = ok(await call('POST', `/v1/tribes/${tribeId}/courses`, leader, { title: 'Weaving', status: 'published' }))
    .course.id as string;
  const lessonId = ok(await call('POST', `/v1/courses/${courseId}/lessons`, leader, { title: 'Warp', body_markdown: 'Warp' }))
    .lesson.id as string;
  const assessmentId = ok(
    await call('POST', `/v1/courses/${courseId}/assessments`, leader, {
      title: 'Quiz',
      pass_score: 50,
      attempt_limit: 3,
      questions: [{ kind: 'true_false', prompt: 'Wool is spun?', correct: true }],
    }),
  ).assessment.id as string;
  const questionId = ok(await call('GET', `/v1/assessments/${assessmentId}`, active)).assessment.questions[0].id as string;
  s = {
    tribeId,
    leader,
    banned,
    active,
    bannedVillage: await villageOf(banned, 'Ban Village'),
    activeVillage: await villageOf(active, 'Active Village'),
    bannedPost: (await createPost(t, banned.token, { tribe_id: tribeId, body: 'Mine' })).id,
    activePost: (await createPost(t, active.token, { tribe_id: tribeId, body: 'Mine too' })).id,
    leaderPost,
    bannedComment,
    campaignId: (await createCampaign(t, leader.token, tribeId)).id,
    courseId,
    lessonId,
    assessmentId,
    questionId,
  };
  ok(await call('PATCH', `/v1/tribes/${tribeId}/members/${banned.user.id}`, leader, { status: 'banned' }));
});

/** Each write touching the tribe: what the banned member tries, and the same for someone allowed. */
const writes: [string, (who: 'banned' | 'active') => ReturnType<typeof call>][] = [
  ['create a village', (w) => call('POST', `/v1/tribes/${s.tribeId}/villages`, s[w], village(`New ${w}`))],
  [
    'edit their own pending village',
    (w) => call('PATCH', `/v1/villages/${w === 'banned' ? s.bannedVillage : s.activeVillage}`, s[w], { description: 'Edited' }),
  ],
  ['post into the tribe', (w) => call('POST', '/v1/posts', s[w], { body: 'Hello', tribe_id: s.tribeId })],
  [
    'edit their own tribe post',
    (w) => call('PATCH', `/v1/posts/${w === 'banned' ? s.bannedPost : s.activePost}`, s[w], { body: 'Edited' }),
  ],
  ['comment on a tribe post', (w) => call('POST', `/v1/posts/${s.leaderPost}/comments`, s[w], { body: 'A comment' })],
  ['like a tribe post', (w) => call('POST', `/v1/posts/${s.leaderPost}/like`, s[w])],
  ['report a tribe post', (w) => call('POST', `/v1/posts/${s.leaderPost}/report`, s[w], { reason: 'Off topic' })],
  [
    'donate to the tribe',
    (w) =>
      call(
        'POST',
        '/v1/donations',
        s[w],
        { target_type: 'tribe', target_id: s.tribeId, amount: 5 },
        { 'idempotency-key': newKey() },
      ),
  ],
  [
    'donate to its campaign',
    (w) =>
      call(
        'POST',
        '/v1/donations',
        s[w],
        { target_type: 'campaign', target_id: s.campaignId, amount: 5 },
        { 'idempotency-key': newKey() },
      ),
  ],
  // Authoring needs a moderator: the active side is the leader, the banned side a former moderator.
  [
    'create a campaign',
    (w) =>
      call('POST', `/v1/tribes/${s.tribeId}/campaigns`, w === 'banned' ? s.banned : s.leader, {
        title: 'Roof',
        goal: 100,
        ends_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
      }),
  ],
  [
    'author a course',
    (w) => call('POST', `/v1/tribes/${s.tribeId}/courses`, w === 'banned' ? s.banned : s.leader, { title: 'Dyes' }),
  ],
  ['enrol in a course', (w) => call('POST', `/v1/courses/${s.courseId}/enrol`, s[w])],
  ['complete a lesson', (w) => call('POST', `/v1/lessons/${s.lessonId}/complete`, s[w])],
  [
    'attempt an assessment',
    (w) =>
      call('POST', `/v1/assessments/${s.assessmentId}/attempts`, s[w], {
        answers: [{ question_id: s.questionId, answer: true }],
      }),
  ],
  ['join again', (w) => call('POST', `/v1/tribes/${s.tribeId}/join`, s[w])],
];

describe('a member banned from a tribe', () => {
  it.each(writes)('may not %s (403 in the envelope), an active member may', async (_name, write) => {
    const refused = await write('banned');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error' });
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await write('active')).status).toBeLessThan(300);
  });

  it('may still take back a like, and delete their own comment and post', async () => {
    expect((await call('DELETE', `/v1/posts/${s.leaderPost}/like`, s.banned)).status).toBeLessThan(300);
    expect((await call('DELETE', `/v1/comments/${s.bannedComment}`, s.banned)).status).toBeLessThan(300);
    expect((await call('DELETE', `/v1/posts/${s.bannedPost}`, s.banned)).status).toBeLessThan(300);
  });

  it('left the tribe’s money untouched: nothing of theirs reached its ledger after the ban', async () => {
    const wallet = ok(await call('GET', '/v1/wallet', s.banned)) as unknown as { balance: number };
    expect(wallet.balance).toBe(100);
  });
});
