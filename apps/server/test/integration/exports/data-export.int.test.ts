import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { exportsEndpoints } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import { addComment, bearer, buyTokens, createPost, createTribe, newKey, signUp, signUpLeader } from '#test/factories.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { multipartBody } from '#test/multipart.js';

let t: TestApp;
const call = caller(() => t, { prefix: '/api' });
const DAY = 24 * 3600 * 1000;

type Person = Awaited<ReturnType<typeof signUp>>;
let member: Person;
let other: Person;
let tribeId: string;
let memberPostId: string;
let otherPostId: string;
let memberImageKey: string;

/** The export's state as its owner reads it, once it left `pending` (or after a while). */
async function settled(token: string, id: string) {
  for (let i = 0; i < 250; i++) {
    const res = await call('GET', `/v1/me/exports/${id}`, token);
    if (res.body?.data?.status !== 'pending') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('export still pending');
}

const LINK = /(http\S+\/api\/v1\/exports\/\S+)/;
/** The export mails an address received (its sign-up code mail aside). */
const exportMails = (email: string) => t.mail.forAddress(email).filter((m) => LINK.test(m.text));

/** The signed link of the n-th export mail to an address, waiting for it a while. */
async function mailedLink(email: string, n = 1): Promise<string> {
  for (let i = 0; i < 500 && exportMails(email).length < n; i++) await new Promise((r) => setTimeout(r, 20));
  const mail = exportMails(email)[n - 1];
  if (!mail) throw new Error(`no export mail #${n} to ${email}`);
  expect(mail.subject).toBe('Your Tribes data is ready to download');
  return LINK.exec(mail.text)![1]!;
}

/** Fetches a link as a stranger would (no Authorization header): path and query of the absolute URL. */
const fetchLink = (link: string) => {
  const url = new URL(link);
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
};

beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true });
  const leader = await signUpLeader(t);
  tribeId = (await createTribe(t, leader.token)).id;
  member = await signUp(t, { name: 'Exporting Member' });
  other = await signUp(t, { name: 'Someone Else' });

  // The member's post with a photo, and a comment on another member's post; the other's own post and comment.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a50' } })
    .jpeg()
    .toBuffer();
  const form = multipartBody([{ field: 'images', filename: 'a.jpg', contentType: 'image/jpeg', data: photo }], {
    body: 'My own words for the export',
  });
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    payload: form.payload,
    headers: { ...bearer(member.token), ...form.headers },
  });
  expect(posted.statusCode).toBe(201);
  memberPostId = posted.json().data.post.id;
  otherPostId = (await createPost(t, other.token, { body: 'Not the member’s post' })).id;
  await addComment(t, member.token, otherPostId, 'The member’s comment');
  await addComment(t, other.token, memberPostId, 'The other’s comment');

  // Money: the member buys 300 tokens and gives 120 to the tribe; the other gives nothing.
  await buyTokens(t, member.token, 300);
  // The ledger's lines are in time order: the gift a second after the purchase.
  t.clock.advance(1000);
  const gift = await call(
    'POST',
    '/v1/donations',
    member.token,
    { target_type: 'tribe', target_id: tribeId, amount: 120 },
    {
      'idempotency-key': newKey(),
    },
  );
  expect(gift.status).toBe(201);
  await buyTokens(t, other.token, 100);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the member’s data export', () => {
  let exportId: string;
  let link: string;

  it('needs a signed-in member (401 without)', async () => {
    expect((await call('POST', '/v1/me/export')).status).toBe(401);
    expect((await call('GET', '/v1/me/exports/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('answers 202 with the export id, builds the ZIP in the background and mails its link', async () => {
    const res = await call('POST', '/v1/me/export', member.token);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ id: expect.any(String) });
    exportId = res.body.data.id;
    link = await mailedLink(member.email);
    const state = await settled(member.token, exportId);
    expect(state.status).toBe(200);
    expect(state.body.data).toMatchObject({ id: exportId, status: 'ready', download_url: link });
    // Valid 7 days from now.
    const expires = new Date(state.body.data.expires_at).getTime();
    expect(Math.abs(expires - (t.clock.now().getTime() + 7 * DAY))).toBeLessThan(60_000);
  });

  it('downloads by the mailed link without sign-in: the member’s data and media, nobody else’s', async () => {
    const res = await fetchLink(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tribes-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'posts.json',
        'comments.json',
        'messages.json',
        'events.json',
        'donations.json',
        'ledger.json',
        'learning.json',
      ]),
    );
    expect(json('profile.json')).toMatchObject({ id: member.user.id, name: 'Exporting Member', email: member.email });
    expect(strFromU8(files['profile.json']!)).not.toContain('password');

    const posts = json('posts.json') as { id: string; body: string; images: { file: string }[] }[];
    expect(posts.map((p) => p.id)).toEqual([memberPostId]);
    expect(posts[0]!.body).toBe('My own words for the export');
    memberImageKey = posts[0]!.images[0]!.file;
    expect(memberImageKey).toMatch(/^media\//);
    // The photo itself is in the ZIP, as stored (a WebP the server re-encoded).
    const image = files[memberImageKey];
    expect(image).toBeDefined();
    expect((await sharp(Buffer.from(image!)).metadata()).format).toBe('webp');

    const comments = json('comments.json') as { body: string; post_id: string }[];
    expect(comments).toEqual([expect.objectContaining({ body: 'The member’s comment', post_id: otherPostId })]);
    expect(JSON.stringify(files['comments.json'] && strFromU8(files['comments.json']))).not.toContain('The other’s comment');
    expect(strFromU8(files['posts.json']!)).not.toContain('Not the member’s post');

    expect(json('donations.json')).toEqual([expect.objectContaining({ target_type: 'tribe', tribe_id: tribeId, amount: 120 })]);
    const ledger = json('ledger.json') as { kind: string; direction: string; amount: number; balance_after: number }[];
    expect(ledger.map((l) => [l.direction, l.amount, l.balance_after])).toEqual([
      ['in', 300, 300],
      ['out', 120, 180],
    ]);
    // Modules still to come keep their place in the format.
    expect(json('messages.json')).toEqual([]);
    expect(json('events.json')).toEqual([]);
    expect(json('learning.json')).toEqual([]);
    // Nothing of the other member: their name, email or money.
    const all = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(all).not.toContain(other.email);
    expect(all).not.toContain(other.user.id);
  });

  it('refuses a second export the same day (409 export_too_soon), changing nothing', async () => {
    const before = t.mail.forAddress(member.email).length;
    expect(exportMails(member.email)).toHaveLength(1);
    const res = await call('POST', '/v1/me/export', member.token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', error_type: 'export_too_soon' });
    await t.app.ctx.exports.flush();
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(member.email).length).toBe(before);
    expect((await call('GET', `/v1/me/exports/${exportId}`, member.token)).body.data.status).toBe('ready');
  });

  it("answers 404 for another member's export and for an unknown id", async () => {
    expect((await call('GET', `/v1/me/exports/${exportId}`, other.token)).status).toBe(404);
    expect((await call('GET', '/v1/me/exports/00000000-0000-4000-8000-000000000000', member.token)).status).toBe(404);
  });

  it('refuses a tampered link with 403: another signature, another end date, another export, none', async () => {
    const url = new URL(link);
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const variants = [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      `${url.pathname}?exp=${Number(exp) + 86_400}&sig=${sig}`,
      `/api/v1/exports/00000000-0000-4000-8000-000000000000/download?exp=${exp}&sig=${sig}`,
      url.pathname,
      `${url.pathname}?exp=abc&sig=zz`,
    ];
    for (const path of variants) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'link_invalid' });
    }
  });

  it('never logs the link’s signature', () => {
    const sig = new URL(link).searchParams.get('sig')!;
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.filter((line) => line.includes(sig))).toEqual([]);
  });

  it('answers 410 once the link is past its 7 days, and the hourly sweep deletes the file', async () => {
    t.clock.advance(7 * DAY + 60_000);
    const res = await fetchLink(link);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ status: 'error', error_type: 'link_expired' });
    expect(await t.app.ctx.exports.expireOld()).toBe(1);
    const state = await call('GET', `/v1/me/exports/${exportId}`, member.token);
    expect(state.body.data).toMatchObject({ status: 'expired', download_url: null });
    // A day later than the first, a new export is allowed.
    const again = await call('POST', '/v1/me/export', member.token);
    expect(again.status).toBe(202);
    await t.app.ctx.exports.flush();
  });
});

describe('contract', () => {
  it('registers every export route from the contract, each with its answer in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, { exports: exportsEndpoints }, (e, op) =>
      expect(op.responses['2XX']?.content, e.path).toHaveProperty([e.produces!]),
    );
  });
});
