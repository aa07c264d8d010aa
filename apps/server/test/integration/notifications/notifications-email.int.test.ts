import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, createTribe, joinTribe, post, signUp, signUpLeader } from '#test/factories.js';

// DESIGN 10.3: notifications by type and channel; RFC 8058 one-click unsubscribe; quiet hours.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const patch = (token: string, body: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', headers: bearer(token), payload: body });

/** An author with a post in a tribe and a member who comments on it. */
async function scene(settings: object) {
  const author = await signUpLeader(t);
  expect((await patch(author.token, settings)).statusCode).toBe(200);
  const tribe = await createTribe(t, author.token);
  const postRow = await createPost(t, author.token, { tribe_id: tribe.id, body: 'Roof of the school' });
  const commenter = await signUp(t, { name: 'Yusuf Amrani' });
  await joinTribe(t, commenter.token, tribe.id);
  return { author, tribe, post: postRow, commenter };
}

const comment = (token: string, postId: string) =>
  post(t, `/api/v1/posts/${postId}/comments`, { body: 'I can help' }, bearer(token));

describe('notification mail', () => {
  it('mails a comment to an author who turned email on, in their language, with one-click unsubscribe headers', async () => {
    const s = await scene({ language: 'ar', notifications: { comments: { email: true } } });
    expect((await comment(s.commenter.token, s.post.id)).status).toBe(201);
    const mail = await t.mail.waitFor(s.author.email, 2);
    expect(mail.subject).toContain('علّق');
    expect(mail.subject).toContain('Yusuf Amrani');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain(`/ar/tribes/${s.tribe.id}`);
    const unsubscribe = /^<(https?:\/\/[^>]+\/unsubscribe\/([^>]+))>$/.exec(mail.headers['list-unsubscribe'] ?? '');
    expect(unsubscribe).not.toBeNull();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The bell still has it (in_app stayed on), beside the news of the commenter joining the author's tribe.
    const list = await t.app.inject({ url: '/api/v1/notifications', headers: bearer(s.author.token) });
    expect(
      list
        .json()
        .data.items.map((n: { kind: string }) => n.kind)
        .sort(),
    ).toEqual(['comment', 'member_joined']);
  });

  it('sends no mail while the type is off (the default), and no bell entry when in-app is off', async () => {
    const s = await scene({ notifications: { comments: { in_app: false } } });
    expect((await comment(s.commenter.token, s.post.id)).status).toBe(201);
    // A like with email on arrives: had the comment been mailed, it would have arrived first.
    await patch(s.author.token, { notifications: { likes: { email: true } } });
    expect((await post(t, `/api/v1/posts/${s.post.id}/like`, {}, bearer(s.commenter.token))).status).toBeLessThan(300);
    const mail = await t.mail.waitFor(s.author.email, 2);
    expect(mail.subject).toContain('liked your post');
    expect(t.mail.forAddress(s.author.email)).toHaveLength(2);
    // The commenter joining the author's tribe is membership news (the bell only, by default), not a comment.
    const list = await t.app.inject({ url: '/api/v1/notifications', headers: bearer(s.author.token) });
    expect(
      list
        .json()
        .data.items.map((n: { kind: string }) => n.kind)
        .sort(),
    ).toEqual(['like', 'member_joined']);
  });
});

describe('one-click unsubscribe', () => {
  async function tokenFor() {
    const s = await scene({ notifications: { comments: { email: true }, likes: { email: true } }, digest: 'weekly' });
    await comment(s.commenter.token, s.post.id);
    const mail = await t.mail.waitFor(s.author.email, 2);
    const [, url, token] = /^<(https?:\/\/[^>]+\/unsubscribe\/([^>]+))>$/.exec(mail.headers['list-unsubscribe']!)!;
    return { ...s, url: new URL(url!), token: decodeURIComponent(token!) };
  }
  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json().data.user.settings as {
      notifications: Record<'comments' | 'likes', { in_app: boolean; email: boolean; push: boolean }>;
      digest: string;
    };

  it('the header URI takes the RFC 8058 POST without sign-in and turns off only that type\u2019s mail', async () => {
    const s = await tokenFor();
    const status = await t.app.inject({ url: `/api/v1/unsubscribe/${encodeURIComponent(s.token)}` });
    expect(status.json().data).toEqual({ type: 'comments', email_on: true });
    const res = await t.app.inject({
      method: 'POST',
      url: s.url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', data: { type: 'comments', email_on: false } });
    const settings = await me(s.author.token);
    expect(settings.notifications.comments).toEqual({ in_app: true, email: false, push: false });
    expect(settings.notifications.likes.email).toBe(true);
    expect(settings.digest).toBe('weekly');
    // Again: still 200, nothing else changes.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/unsubscribe/${encodeURIComponent(s.token)}` });
    expect(again.statusCode).toBe(200);
    expect((await me(s.author.token)).notifications.likes.email).toBe(true);
  });

  it('refuses a forged or altered token with a 404 in the envelope, changing nothing', async () => {
    const s = await tokenFor();
    for (const bad of [s.token.replace('.comments.', '.likes.'), `${s.token}x`, 'nonsense', 'a'.repeat(300)]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/unsubscribe/${encodeURIComponent(bad)}` });
      // (A path parameter over 100 characters is answered 414 by the router.)
      expect([404, 414]).toContain(res.statusCode);
      expect(res.json().status).toBe('error');
      const page = await t.app.inject({ method: 'POST', url: `/unsubscribe/${encodeURIComponent(bad)}`, payload: {} });
      expect([404, 414]).toContain(page.statusCode);
      expect(page.json().status).toBe('error');
    }
    const settings = await me(s.author.token);
    expect(settings.notifications.likes.email).toBe(true);
    expect(settings.notifications.comments.email).toBe(true);
  });
});

describe('quiet hours', () => {
  it('holds a notification mail in the queue until quiet hours end, while the bell has it at once', async () => {
    const jobsApp = await buildTestApp({ env: { JOBS_ENABLED: 'true' } });
    try {
      // 23:00 in Tokyo (UTC+9, no daylight saving) tomorrow is inside 22:00-07:00, which ends at 22:00 UTC.
      const day = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
      jobsApp.clock.set(new Date(`${day}T14:00:00Z`));
      const author = await signUpLeader(jobsApp);
      await jobsApp.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/settings',
        headers: bearer(author.token),
        payload: {
          notifications: { comments: { email: true } },
          quiet_hours: { from: '22:00', to: '07:00', tz: 'Asia/Tokyo' },
        },
      });
      const tribe = await createTribe(jobsApp, author.token);
      const p = await createPost(jobsApp, author.token, { tribe_id: tribe.id });
      const other = await signUp(jobsApp);
      await joinTribe(jobsApp, other.token, tribe.id);
      expect((await post(jobsApp, `/api/v1/posts/${p.id}/comments`, { body: 'Late reply' }, bearer(other.token))).status).toBe(
        201,
      );
      const bell = await jobsApp.app.inject({ url: '/api/v1/notifications', headers: bearer(author.token) });
      // The comment, and the news of the commenter joining the author's tribe (its mail is off).
      expect(bell.json().data.unread_count).toBe(2);
      expect(
        bell
          .json()
          .data.items.map((n: { kind: string }) => n.kind)
          .sort(),
      ).toEqual(['comment', 'member_joined']);
      // Queuing a mail does not hold up the request: wait for the queue's insert (on PostgreSQL it may
      // otherwise land after the select below, on another pooled connection).
      await jobsApp.app.ctx.mailer.flush();
      const rows = (await jobsApp.app.ctx.db.execute(
        sql`select start_after from pgboss.job where name = ${MAIL_QUEUE} and start_after > now() + interval '1 hour'`,
      )) as unknown as { rows: { start_after: Date }[] } | { start_after: Date }[];
      const held = (Array.isArray(rows) ? rows : rows.rows).map((r) => new Date(r.start_after).toISOString());
      expect(held).toEqual([`${day}T22:00:00.000Z`]);
    } finally {
      await jobsApp.close();
    }
  }, 60_000);
});
