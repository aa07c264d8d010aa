import sharp from 'sharp';
import type { TestApp } from '../build-test-app.js';
import {
  bearer,
  buyTokens,
  createCampaign,
  createTribe,
  joinTribe,
  logIn,
  makeModerator,
  newKey,
  otherSessionId,
  signUp,
  signUpLeader,
  uniqueEmail,
} from '../factories.js';
import { multipartBody } from '../multipart.js';
import type { SignedInRole } from './types.js';

/**
 * The matrix's fixtures, made once per file through the API: tribe A with a leader, a moderator, an
 * active member, a banned member and a pending one; tribe B with its own leader; an outsider; and a
 * victim (an active member of tribe A who is none of the roles) whose own things the `foreign`
 * checks try to reach. Objects of tribe A fill the path params.
 */

export interface Actor {
  id: string;
  token: string;
  email: string;
  password: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface World {
  t: TestApp;
  actors: Record<SignedInRole, Actor>;
  victim: Actor;
  tribeA: string;
  tribeB: string;
  /** Shared objects of tribe A (and a few of tribe B). */
  ids: Record<string, string>;
  /** A tribe-only photo's signed URL. */
  privateMediaUrl: string;
  /** Sends a request as `token` and answers status and data; throws on a status >= 300 unless `loose`. */
  call(
    method: Method,
    url: string,
    token: string | null,
    payload?: object,
    opts?: { loose?: boolean; key?: boolean },
  ): Promise<Data>;
  /** A fresh user standing where `role` stands (for acts that spend the caller's account). */
  standIn(role: SignedInRole): Promise<Actor>;
  /** A second session of an actor (its token), for a sign-out or a session to revoke. */
  session(a: Actor): Promise<string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture answers are read loosely
type Data = { status: number; data: any };

/** A small JPEG. */
export const jpeg = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

/** A multipart body with one JPEG under `field`, plus text fields. */
export async function imageForm(field: string, fields: Record<string, string> = {}) {
  return multipartBody([{ field, filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() }], fields);
}

const actor = (u: Awaited<ReturnType<typeof signUp>>): Actor => ({
  id: u.user.id,
  token: u.token,
  email: u.email,
  password: u.password,
});

export async function buildWorld(t: TestApp): Promise<World> {
  const call: World['call'] = async (method, url, token, payload, opts = {}) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(token ? bearer(token) : {}), ...(opts.key ? { 'idempotency-key': newKey() } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300 && !opts.loose) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    const body = res.body ? (res.json() as { data?: unknown }) : {};
    return { status: res.statusCode, data: body.data };
  };

  const [leader, moderator, member, banned, pending, otherLeader, outsider, victim, dummy] = await Promise.all([
    signUpLeader(t),
    signUp(t),
    signUp(t),
    signUp(t),
    signUp(t),
    signUpLeader(t),
    signUp(t),
    signUp(t),
    signUp(t),
  ]);
  // Tribe A asks for requests while the pending member knocks, then opens for the others.
  const tribeA = (await createTribe(t, leader.token, { visibility: 'request' })).id;
  await joinTribe(t, pending.token, tribeA);
  await call('PATCH', `/v1/tribes/${tribeA}`, leader.token, { visibility: 'open' });
  for (const u of [moderator, member, banned, victim]) await joinTribe(t, u.token, tribeA);
  await makeModerator(t, leader.token, tribeA, moderator.user.id);
  const tribeB = (await createTribe(t, otherLeader.token)).id;

  const actors: Record<SignedInRole, Actor> = {
    leader: actor(leader),
    moderator: actor(moderator),
    member: actor(member),
    banned: actor(banned),
    pending: actor(pending),
    otherLeader: actor(otherLeader),
    outsider: actor(outsider),
  };
  for (const a of [...Object.values(actors), actor(victim)]) await buyTokens(t, a.token, 1000);

  // Objects of tribe A, made before the ban so the banned member could own some.
  const L = leader.token;
  const post = (await call('POST', '/v1/posts', member.token, { body: 'Tribe only', tribe_id: tribeA, visibility: 'tribe' })).data
    .post;
  const comment = (await call('POST', `/v1/posts/${post.id}/comments`, victim.token, { body: 'Nice' })).data.comment;
  await call('POST', `/v1/posts/${post.id}/report`, victim.token, { reason: 'spam' });
  const report = (await call('GET', `/v1/tribes/${tribeA}/reports`, L)).data.items[0];
  const village = (await call('POST', `/v1/tribes/${tribeA}/villages`, member.token, { name: 'Ait Ali', lat: 34, lng: -6.8 }))
    .data.village;
  const campaign = await createCampaign(t, L, tribeA);
  const donation = (
    await call('POST', '/v1/donations', victim.token, { target_type: 'tribe', target_id: tribeA, amount: 20 }, { key: true })
  ).data.donation;
  const pledge = (
    await call('POST', '/v1/pledges', victim.token, { target_type: 'tribe', target_id: tribeA, amount: 5, day_of_month: 3 })
  ).data.pledge;
  const expense = (
    await call('POST', `/v1/tribes/${tribeA}/expenses`, member.token, { amount: 5, title: 'Pipes', payee: 'Shop' }, { key: true })
  ).data.expense;
  const course = (await call('POST', `/v1/tribes/${tribeA}/courses`, L, { title: 'Water', status: 'published' })).data.course;
  const draftCourse = (await call('POST', `/v1/tribes/${tribeA}/courses`, L, { title: 'Draft' })).data.course;
  const lesson = (await call('POST', `/v1/courses/${course.id}/lessons`, L, { title: 'One' })).data.lesson;
  const assessment = (
    await call('POST', `/v1/courses/${course.id}/assessments`, L, {
      title: 'Quiz',
      questions: [{ kind: 'true_false', prompt: 'Water is wet', correct: true }],
    })
  ).data.assessment;
  const invite = (await call('POST', `/v1/tribes/${tribeA}/invites`, L, {})).data.invite;
  const victimPurchase = (await call('POST', '/v1/wallet/purchases', victim.token, { tokens: 100 }, { key: true })).data;
  const identities = (await call('GET', '/v1/me/identities', victim.token)).data.identities as { id: string }[];
  const photo = await imageForm('images', { body: 'A tribe photo', tribe_id: tribeA, visibility: 'tribe' });
  const photoPost = await t.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    payload: photo.payload,
    headers: { ...bearer(L), ...photo.headers },
  });
  if (photoPost.statusCode !== 201) throw new Error(`photo post: ${photoPost.body}`);
  const privateMediaUrl = (photoPost.json().data.post.images[0] as { url: string }).url;

  await call('PATCH', `/v1/tribes/${tribeA}/members/${banned.user.id}`, L, { status: 'banned' });

  const session = (a: Actor) => t.app.ctx.tokens.issue(a.id, 'matrix');

  /**
   * A user made straight in the database, a copy of a signed-up one (the same password hash, so no
   * argon2 run per stand-in) with a new email and a fresh session.
   */
  async function quickUser(role: 'member' | 'leader'): Promise<Actor> {
    const template = await t.app.ctx.usersRepo.findById(role === 'leader' ? leader.user.id : outsider.user.id);
    const { id: _id, ...rest } = template!;
    const email = uniqueEmail('stand-in');
    const row = await t.app.ctx.usersRepo.create({
      ...rest,
      email,
      name: 'Stand In',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return { id: row.id, token: await t.app.ctx.tokens.issue(row.id, 'matrix'), email, password: outsider.password };
  }

  async function standIn(role: SignedInRole): Promise<Actor> {
    const u = await quickUser(role === 'leader' || role === 'otherLeader' ? 'leader' : 'member');
    if (role === 'otherLeader') await createTribe(t, u.token);
    else if (role === 'pending') {
      await call('PATCH', `/v1/tribes/${tribeA}`, L, { visibility: 'request' });
      await joinTribe(t, u.token, tribeA);
      await call('PATCH', `/v1/tribes/${tribeA}`, L, { visibility: 'open' });
    } else if (role !== 'outsider') {
      await joinTribe(t, u.token, tribeA);
      if (role === 'moderator') await makeModerator(t, L, tribeA, u.id);
      if (role === 'leader') await call('PATCH', `/v1/tribes/${tribeA}/members/${u.id}`, L, { role: 'leader' });
      if (role === 'banned') await call('PATCH', `/v1/tribes/${tribeA}/members/${u.id}`, L, { status: 'banned' });
    }
    return u;
  }

  return {
    t,
    actors,
    victim: actor(victim),
    tribeA,
    tribeB,
    ids: {
      post: post.id,
      comment: comment.id,
      report: report.id,
      village: village.id,
      campaign: campaign.id,
      donation: donation.id,
      pledge: pledge.id,
      expense: expense.id,
      course: course.id,
      draftCourse: draftCourse.id,
      lesson: lesson.id,
      assessment: assessment.id,
      invite: invite.code,
      victimPurchase: victimPurchase.payment_id,
      victimIdentity: identities[0]!.id,
      victimSession: await logIn(t, actor(victim)).then(() => otherSessionId(t, victim.token)),
      /** Someone nobody else deals with: the one the block cells block. */
      dummy: dummy.user.id,
    },
    privateMediaUrl,
    call,
    standIn,
    session,
  };
}
