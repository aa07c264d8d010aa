import { AdminStatsSchema } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { createPost, leaderWithTribe, signUp } from '#test/factories.js';
import { operatorEmails, operatorEnv, signUpOperator } from './admin-helpers.js';

const DAY_MS = 24 * 3600 * 1000;
const emails = operatorEmails(1);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });
const utcDate = (at: Date) => at.toISOString().slice(0, 10);
const zeros = { signups: 0, active: 0, posts: 0, reports: 0 };

describe('the dashboard’s 30 days (GET /v1/admin/stats series)', () => {
  it('counts today’s sign-ups, members, posts and reports in today’s entry, older days zero, and moves with the days', async () => {
    const op = await signUpOperator(t, emails[0]!);
    const { leader, tribe } = await leaderWithTribe(t);
    const reporter = await signUp(t);
    const post = await createPost(t, leader.token, { tribe_id: tribe.id });
    expect((await call('POST', `/v1/users/${leader.user.id}/report`, reporter.token, { reason: 'spam' })).status).toBe(201);

    const res = await call('GET', '/v1/admin/stats', op.token);
    expect(res.status).toBe(200);
    const stats = AdminStatsSchema.parse(res.body.data);
    const { series } = stats;
    expect(series).toHaveLength(30);
    const today = t.clock.now();
    expect(series.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => utcDate(new Date(today.getTime() - (29 - i) * DAY_MS))),
    );
    // Three people signed up today, each seen today; one post and one report.
    expect(series[29]).toEqual({ date: utcDate(today), signups: 3, active: 3, posts: 1, reports: 1 });
    for (const day of series.slice(0, 29)) expect(day).toEqual({ date: day.date, ...zeros });
    // The totals DESIGN names are still there, beside the series.
    expect(stats.users).toMatchObject({ total: 3, active_1d: 3 });
    expect(stats.posts).toMatchObject({ total: 1, new_7d: 1 });

    // A deleted post leaves the chart, as it leaves posts.total.
    expect((await call('DELETE', `/v1/posts/${post.id}`, leader.token)).status).toBe(200);
    const afterDelete = AdminStatsSchema.parse((await call('GET', '/v1/admin/stats', op.token)).body.data);
    expect(afterDelete.series[29]).toMatchObject({ posts: 0, signups: 3, reports: 1 });

    // Two days on: the operator's session is used again (the last activity moves to that day), the others
    // are last seen two days before; today's entry holds the operator only.
    t.clock.advance(2 * DAY_MS);
    const later = AdminStatsSchema.parse((await call('GET', '/v1/admin/stats', op.token)).body.data).series;
    expect(later).toHaveLength(30);
    expect(later[29]).toEqual({ date: utcDate(t.clock.now()), ...zeros, active: 1 });
    expect(later[28]).toEqual({ date: later[28]!.date, ...zeros });
    expect(later[27]).toEqual({ date: utcDate(today), signups: 3, active: 2, posts: 0, reports: 1 });

    // Past the 30 days, today's activity is out of the window: only the operator's fresh use remains (their
    // session, good for 30 days from its last use, is used on the way so that it lives on).
    t.clock.advance(20 * DAY_MS);
    expect((await call('GET', '/v1/admin/stats', op.token)).status).toBe(200);
    t.clock.advance(20 * DAY_MS);
    const gone = AdminStatsSchema.parse((await call('GET', '/v1/admin/stats', op.token)).body.data).series;
    expect(gone.reduce((n, d) => n + d.signups + d.posts + d.reports, 0)).toBe(0);
    expect(gone.reduce((n, d) => n + d.active, 0)).toBe(1);
    expect(gone[29]!.active).toBe(1);
  });
});
