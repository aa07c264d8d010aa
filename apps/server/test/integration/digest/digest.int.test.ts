import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localWeek } from '#src/modules/digest/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, createPost, createTribe, joinTribe, signUp, signUpLeader } from '#test/factories.js';

// DESIGN 10.3: the weekly digest, on the member's local Monday morning, once; previewed from settings.
let t: TestApp;
/** The next Monday after today, 07:30 UTC: 09:30 in Jerusalem (UTC+2 in winter, UTC+3 in summer: 10:30). */
let monday: Date;
beforeAll(async () => {
  t = await buildTestApp();
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  monday = new Date(`${d.toISOString().slice(0, 10)}T07:30:00Z`);
  t.clock.set(new Date(monday.getTime() - 2 * 86_400_000));
});
afterAll(async () => t.close());

const patch = (token: string, body: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', headers: bearer(token), payload: body });

async function weekInATribe() {
  const leader = await signUpLeader(t, { name: 'Miriam Levi' });
  const tribe = await createTribe(t, leader.token);
  await createPost(t, leader.token, { tribe_id: tribe.id, body: 'הבאר בכפר תוקנה סוף סוף' });
  const reader = await signUp(t);
  await joinTribe(t, reader.token, tribe.id);
  await patch(reader.token, {
    language: 'he',
    digest: 'weekly',
    quiet_hours: { from: '23:00', to: '06:00', tz: 'Asia/Jerusalem' },
  });
  return { leader, tribe, reader };
}

describe('weekly digest', () => {
  it('previews this week for the signed-in member in their language and direction; 401 without sign-in', async () => {
    const { reader, tribe } = await weekInATribe();
    const res = await t.app.inject({ url: '/api/v1/me/digest/preview', headers: bearer(reader.token) });
    expect(res.statusCode).toBe(200);
    const { subject, html, text, empty } = res.json().data;
    expect(subject).toBe('השבוע שלך ב-Tribes');
    expect(empty).toBe(false);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(tribe.name);
    expect(text).toContain('הבאר בכפר תוקנה סוף סוף');
    expect(text).toContain('Miriam Levi');
    expect((await t.app.inject({ url: '/api/v1/me/digest/preview' })).statusCode).toBe(401);
  });

  it('names nobody on either side of a block with the reader: neither their posts nor their joining', async () => {
    const leader = await signUpLeader(t, { name: 'Leila Haddad' });
    const tribe = await createTribe(t, leader.token);
    const reader = await signUp(t, { name: 'Reader Ines' });
    await joinTribe(t, reader.token, tribe.id);
    const people = [];
    for (const name of ['Blocked Bashir', 'Blocker Bettina', 'Friendly Farid']) {
      const p = await signUp(t, { name });
      await joinTribe(t, p.token, tribe.id);
      await createPost(t, p.token, { tribe_id: tribe.id, body: `A word from ${name.split(' ')[1]}` });
      people.push(p);
    }
    const [blocked, blocker] = people as [(typeof people)[0], (typeof people)[0]];
    const block = (token: string, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/users/${id}/block`, headers: bearer(token) });
    expect((await block(reader.token, blocked.user.id)).statusCode).toBe(200);
    expect((await block(blocker.token, reader.user.id)).statusCode).toBe(200);

    const { text, html } = (await t.app.inject({ url: '/api/v1/me/digest/preview', headers: bearer(reader.token) })).json().data;
    expect(text).toContain('Friendly Farid: “A word from Farid”');
    // Two new members, not four: the count leaves them out too.
    expect(text).toMatch(/2 new members: (Friendly Farid, Leila Haddad|Leila Haddad, Friendly Farid)\n/);
    for (const hidden of ['Bashir', 'Bettina']) {
      expect(text).not.toContain(hidden);
      expect(html).not.toContain(hidden);
    }
    // Others still read about them.
    const other = (await t.app.inject({ url: '/api/v1/me/digest/preview', headers: bearer(leader.token) })).json().data;
    expect(other.text).toContain('Blocked Bashir: “A word from Bashir”');
    expect(other.text).toContain('Blocker Bettina');
  });

  it('mails a weekly reader once on their local Monday morning, not before, not twice, not from a second node', async () => {
    const { reader } = await weekInATribe();
    const off = await weekInATribe();
    await patch(off.reader.token, { digest: 'off' });
    const sunday = new Date(monday.getTime() - 86_400_000);
    expect(localWeek(sunday, 'Asia/Jerusalem').weekday).toBe(7);
    await t.app.ctx.digest.sendDue(sunday);
    await t.app.ctx.digest.sendDue(new Date(monday.getTime() - 3 * 3600_000)); // 06:30 or 07:30 local: too early
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(reader.email)).toHaveLength(1); // the sign-up code only

    const first = await t.app.ctx.digest.sendDue(monday);
    expect(first).toBeGreaterThanOrEqual(1);
    const mail = await t.mail.waitFor(reader.email, 2);
    expect(mail.subject).toBe('השבוע שלך ב-Tribes');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.headers['list-unsubscribe']).toMatch(/\/unsubscribe\/[0-9a-f-]+\.digest\./);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Later the same morning, and another node on the same database: nothing more.
    expect(await t.app.ctx.digest.sendDue(new Date(monday.getTime() + 3600_000))).toBe(0);
    const second = await buildTestApp({ database: t.database });
    try {
      expect(await second.app.ctx.digest.sendDue(monday)).toBe(0);
    } finally {
      await second.close();
    }
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(reader.email)).toHaveLength(2);
    expect(t.mail.forAddress(off.reader.email)).toHaveLength(1);
  });
});
