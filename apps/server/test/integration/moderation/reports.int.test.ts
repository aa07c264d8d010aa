import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationAppeals, moderationNotices } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { addComment, createPost, createTribe, joinTribe, makeModerator, signUp, signUpLeader } from '#test/factories.js';
import { operatorEmails, operatorEnv, signUpOperator } from '../admin/admin-helpers.js';

const emails = operatorEmails(1);
let t: TestApp;
let op: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
  op = await signUpOperator(t, emails[0]!);
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });

/** The operators' open queue entry about this target, if any. */
async function queued(targetId: string, status: 'open' | 'closed' = 'open') {
  const res = await call('GET', `/v1/admin/reports?status=${status}&limit=50`, op.token);
  expect(res.status).toBe(200);
  return (res.body.data.items as { id: string; target_id: string; snapshot: Record<string, unknown>; status: string }[]).find(
    (r) => r.target_id === targetId,
  );
}

describe('reports to the operators', () => {
  it('keeps a snapshot of a person, a comment and a tribe that survives an edit or a deletion', async () => {
    const reporter = await signUp(t);
    const person = await signUp(t, { name: 'Spam Person' });
    expect((await call('PATCH', '/v1/me', person.token, { bio: 'buy cheap things' })).status).toBe(200);
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { description: 'a scam fund' });
    const post = await createPost(t, leader.token, { body: 'A public post' });
    const comment = await addComment(t, person.token, post.id, 'nasty words');

    expect((await call('POST', `/v1/users/${person.user.id}/report`, reporter.token, { reason: 'spam' })).status).toBe(201);
    expect((await call('POST', `/v1/comments/${comment.id}/report`, reporter.token, { reason: 'abuse' })).status).toBe(201);
    expect((await call('POST', `/v1/tribes/${tribe.id}/report`, reporter.token, { reason: 'scam' })).status).toBe(201);

    // The targets change afterwards: the evidence does not.
    expect((await call('PATCH', '/v1/me', person.token, { bio: 'innocent now' })).status).toBe(200);
    expect((await call('DELETE', `/v1/comments/${comment.id}`, person.token)).status).toBeLessThan(300);
    expect((await call('PATCH', `/v1/tribes/${tribe.id}`, leader.token, { description: 'all fine' })).status).toBe(200);

    expect((await queued(person.user.id))?.snapshot).toMatchObject({
      type: 'user',
      title: 'Spam Person',
      text: 'buy cheap things',
    });
    expect((await queued(comment.id))?.snapshot).toMatchObject({
      type: 'comment',
      text: 'nasty words',
      post_id: post.id,
      author: { id: person.user.id },
    });
    expect((await queued(tribe.id))?.snapshot).toMatchObject({ type: 'tribe', title: tribe.name, text: 'a scam fund' });
  });

  it('refuses bad reports: oneself, one’s own comment or tribe, twice, unknown targets, bad reasons', async () => {
    const member = await signUp(t);
    const other = await signUp(t);
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const post = await createPost(t, member.token, { body: 'mine' });
    const own = await addComment(t, member.token, post.id, 'my comment');

    for (const [path, who] of [
      [`/v1/users/${member.user.id}/report`, member],
      [`/v1/comments/${own.id}/report`, member],
      [`/v1/tribes/${tribe.id}/report`, leader],
    ] as const) {
      const res = await call('POST', path, who.token, { reason: 'x' });
      expect(res.status, path).toBe(409);
      expect(res.body.error_type, path).toBe('cannot_report_own');
    }
    expect((await call('POST', `/v1/users/${member.user.id}/report`, other.token, { reason: 'first' })).status).toBe(201);
    const again = await call('POST', `/v1/users/${member.user.id}/report`, other.token, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('already_reported');

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const kind of ['users', 'comments', 'tribes']) {
      expect((await call('POST', `/v1/${kind}/${unknown}/report`, other.token, { reason: 'x' })).status, kind).toBe(404);
    }
    for (const reason of ['', '   ', 'x'.repeat(1001)]) {
      const res = await call('POST', `/v1/tribes/${tribe.id}/report`, other.token, { reason });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    }
    expect((await call('POST', `/v1/tribes/${tribe.id}/report`, null, { reason: 'x' })).status).toBe(401);
  });

  it('sends a post report to the tribe first; its moderator escalates it to the operators; others may not', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const mod = await signUp(t);
    const member = await signUp(t);
    const reporter = await signUp(t);
    for (const who of [mod, member, reporter]) await joinTribe(t, who.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, mod.user.id);
    const post = await createPost(t, member.token, { body: 'bad post', tribe_id: tribe.id, visibility: 'public' });
    expect((await call('POST', `/v1/posts/${post.id}/report`, reporter.token, { reason: 'hate' })).status).toBeLessThan(300);

    expect(await queued(post.id)).toBeUndefined();
    const tribeQueue = await call('GET', `/v1/tribes/${tribe.id}/reports`, leader.token);
    const report = (tribeQueue.body.data.items as { id: string; post: { id: string } }[]).find((r) => r.post?.id === post.id)!;
    expect(report).toBeDefined();

    for (const who of [member, reporter, op]) {
      expect((await call('POST', `/v1/reports/${report.id}/escalate`, who.token, {})).status).toBe(403);
    }
    expect((await call('POST', `/v1/reports/${report.id}/escalate`, mod.token, { note: 'too big for us' })).status).toBe(200);
    const again = await call('POST', `/v1/reports/${report.id}/escalate`, leader.token, {});
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('already_escalated');
    expect(await queued(post.id)).toMatchObject({ id: report.id, snapshot: { type: 'post', text: 'bad post' } });

    // A post in no tribe goes straight to the operators.
    const loose = await createPost(t, member.token, { body: 'loose post' });
    expect((await call('POST', `/v1/posts/${loose.id}/report`, reporter.token, { reason: 'spam' })).status).toBeLessThan(300);
    expect(await queued(loose.id)).toMatchObject({ snapshot: { text: 'loose post' } });
  });
});

describe('resolving reports, notices and appeals', () => {
  it('removes a comment with a notice; the reporter is told; one appeal; overturn restores it', async () => {
    const author = await signUp(t);
    const reporter = await signUp(t);
    const post = await createPost(t, reporter.token, { body: 'host post' });
    const comment = await addComment(t, author.token, post.id, 'rude comment');
    expect((await call('POST', `/v1/comments/${comment.id}/report`, reporter.token, { reason: 'rude' })).status).toBe(201);
    const report = (await queued(comment.id))!;

    // Members and the bare API refuse; bad bodies are 400.
    expect(
      (await call('POST', `/v1/admin/reports/${report.id}/resolve`, author.token, { action: 'dismiss', reason: 'x' })).status,
    ).toBe(403);
    expect((await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, { action: 'nuke', reason: 'x' })).status).toBe(
      400,
    );
    expect((await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, { action: 'warn', reason: '' })).status).toBe(
      400,
    );

    const resolved = await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, {
      action: 'remove_content',
      reason: 'Insults are not allowed',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.report).toMatchObject({ status: 'actioned', action: 'remove_content' });
    const closed = await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, { action: 'dismiss', reason: 'x' });
    expect(closed.status).toBe(409);
    expect(closed.body.error_type).toBe('report_closed');
    expect(await queued(comment.id, 'closed')).toMatchObject({ status: 'actioned', snapshot: { text: 'rude comment' } });

    const comments = async () =>
      ((await call('GET', `/v1/posts/${post.id}/comments`, reporter.token)).body.data.items as { id: string }[]).map((c) => c.id);
    expect(await comments()).not.toContain(comment.id);

    // The reporter is told the outcome; the author gets a notice with the reason and the snapshot.
    const told = await call('GET', '/v1/notifications', reporter.token);
    expect(told.body.data.items.map((n: { kind: string }) => n.kind)).toContain('report_outcome');
    const bell = await call('GET', '/v1/notifications', author.token);
    expect(bell.body.data.items.map((n: { kind: string }) => n.kind)).toContain('moderation_notice');
    const mine = await call('GET', '/v1/me/moderation', author.token);
    expect(mine.status).toBe(200);
    const notice = mine.body.data.items[0];
    expect(notice).toMatchObject({
      kind: 'content_removed',
      reason: 'Insults are not allowed',
      snapshot: { text: 'rude comment' },
      appeal: { status: 'none' },
    });
    expect(new Date(notice.appeal.deadline).getTime() - new Date(notice.created_at).getTime()).toBe(20 * 86_400_000);

    // Only its owner appeals it (404 for anyone else), once.
    expect((await call('POST', `/v1/moderation/${notice.id}/appeal`, reporter.token, { text: 'mine?' })).status).toBe(404);
    expect((await call('POST', `/v1/moderation/${notice.id}/appeal`, author.token, { text: '' })).status).toBe(400);
    const appealed = await call('POST', `/v1/moderation/${notice.id}/appeal`, author.token, { text: 'It was a joke' });
    expect(appealed.status).toBe(201);
    const twice = await call('POST', `/v1/moderation/${notice.id}/appeal`, author.token, { text: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error_type).toBe('appeal_exists');

    const queue = await call('GET', '/v1/admin/appeals?status=open', op.token);
    expect(queue.status).toBe(200);
    const appeal = (queue.body.data.items as { id: string; notice: { id: string } }[]).find((a) => a.notice.id === notice.id)!;
    expect(appeal).toBeDefined();
    expect((await call('GET', '/v1/admin/appeals', author.token)).status).toBe(403);
    expect(
      (await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, author.token, { decision: 'overturn', note: 'x' })).status,
    ).toBe(403);
    expect((await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, { decision: 'maybe', note: 'x' })).status).toBe(
      400,
    );

    const decided = await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, {
      decision: 'overturn',
      note: 'Context shows a joke',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data.appeal).toMatchObject({ status: 'overturned', note: 'Context shows a joke' });
    expect(await comments()).toContain(comment.id);
    const again = await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, { decision: 'uphold', note: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('appeal_decided');

    const after = await call('GET', '/v1/me/moderation', author.token);
    expect(after.body.data.items[0].appeal).toMatchObject({ status: 'overturned', note: 'Context shows a joke' });
    const authorBell = await call('GET', '/v1/notifications', author.token);
    expect(authorBell.body.data.items.map((n: { kind: string }) => n.kind)).toContain('appeal_decided');

    // Every act in the audit log with its reason or note.
    const audit = await call('GET', `/v1/admin/audit?actor_id=${op.user.id}&limit=50`, op.token);
    const entries = audit.body.data.items as { action: string; target_id: string; reason: string }[];
    expect(entries.find((e) => e.action === 'report.resolve' && e.target_id === report.id)?.reason).toContain(
      'Insults are not allowed',
    );
    expect(entries.find((e) => e.action === 'appeal.decide' && e.target_id === appeal.id)?.reason).toContain(
      'Context shows a joke',
    );
  });

  it('removes an escalated post, keeps its snapshot after the removal, and puts it back when the appeal wins', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const author = await signUp(t);
    const reporter = await signUp(t);
    for (const who of [author, reporter]) await joinTribe(t, who.token, tribe.id);
    const post = await createPost(t, author.token, { body: 'scam link', tribe_id: tribe.id, visibility: 'public' });
    expect((await call('POST', `/v1/posts/${post.id}/report`, reporter.token, { reason: 'scam' })).status).toBeLessThan(300);
    const tribeQueue = await call('GET', `/v1/tribes/${tribe.id}/reports`, leader.token);
    const report = (tribeQueue.body.data.items as { id: string; post: { id: string } }[]).find((r) => r.post?.id === post.id)!;
    expect((await call('POST', `/v1/reports/${report.id}/escalate`, leader.token, {})).status).toBe(200);

    const resolved = await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, {
      action: 'remove_content',
      reason: 'Fraud',
    });
    expect(resolved.status).toBe(200);
    expect((await call('GET', `/v1/posts/${post.id}`, reporter.token)).status).toBe(404);
    expect(await queued(post.id, 'closed')).toMatchObject({ snapshot: { type: 'post', text: 'scam link' } });

    const notice = (await call('GET', '/v1/me/moderation', author.token)).body.data.items[0];
    expect(notice).toMatchObject({ kind: 'content_removed', reason: 'Fraud', target: { type: 'post', id: post.id } });
    expect((await call('POST', `/v1/moderation/${notice.id}/appeal`, author.token, { text: 'Real charity' })).status).toBe(201);
    const appeal = (
      (await call('GET', '/v1/admin/appeals', op.token)).body.data.items as { id: string; notice: { id: string } }[]
    ).find((a) => a.notice.id === notice.id)!;
    // Upheld first would keep it down; here it is overturned and the post is back.
    const decided = await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, {
      decision: 'overturn',
      note: 'Verified',
    });
    expect(decided.status).toBe(200);
    const back = await call('GET', `/v1/posts/${post.id}`, reporter.token);
    expect(back.status).toBe(200);
    expect(back.body.data.post.body).toBe('scam link');
  });

  it('an upheld appeal leaves the content removed', async () => {
    const author = await signUp(t);
    const reporter = await signUp(t);
    const post = await createPost(t, author.token, { body: 'loose spam' });
    expect((await call('POST', `/v1/posts/${post.id}/report`, reporter.token, { reason: 'spam' })).status).toBeLessThan(300);
    const report = (await queued(post.id))!;
    expect(
      (await call('POST', `/v1/admin/reports/${report.id}/resolve`, op.token, { action: 'remove_content', reason: 'Spam' }))
        .status,
    ).toBe(200);
    const notice = (await call('GET', '/v1/me/moderation', author.token)).body.data.items[0];
    expect((await call('POST', `/v1/moderation/${notice.id}/appeal`, author.token, { text: 'Not spam' })).status).toBe(201);
    const appeal = (
      (await call('GET', '/v1/admin/appeals', op.token)).body.data.items as { id: string; notice: { id: string } }[]
    ).find((a) => a.notice.id === notice.id)!;
    expect(
      (await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, { decision: 'uphold', note: 'It is spam' })).status,
    ).toBe(200);
    expect((await call('GET', `/v1/posts/${post.id}`, reporter.token)).status).toBe(404);
    const closed = await call('GET', '/v1/admin/appeals?status=upheld', op.token);
    expect((closed.body.data.items as { id: string }[]).map((a) => a.id)).toContain(appeal.id);
  });

  it('warns, suspends the author, and refuses an appeal after 20 days; overturn lifts a suspension', async () => {
    const author = await signUp(t);
    const reporter = await signUp(t);
    expect((await call('POST', `/v1/users/${author.user.id}/report`, reporter.token, { reason: 'spam' })).status).toBe(201);
    const first = (await queued(author.user.id))!;
    const warned = await call('POST', `/v1/admin/reports/${first.id}/resolve`, op.token, { action: 'warn', reason: 'No spam' });
    expect(warned.status).toBe(200);
    const warning = (await call('GET', '/v1/me/moderation', author.token)).body.data.items[0];
    expect(warning).toMatchObject({ kind: 'warning', reason: 'No spam' });

    // The notice dates from 21 days ago: the window is closed.
    await t.database.db
      .update(moderationNotices)
      .set({ createdAt: new Date(t.clock.now().getTime() - 21 * 86_400_000) })
      .where(eq(moderationNotices.id, warning.id));
    const late = await call('POST', `/v1/moderation/${warning.id}/appeal`, author.token, { text: 'please' });
    expect(late.status).toBe(409);
    expect(late.body.error_type).toBe('appeal_window_closed');
    expect((await call('GET', '/v1/me/moderation', author.token)).body.data.items[0].appeal.status).toBe('none');

    expect((await call('POST', `/v1/users/${author.user.id}/report`, reporter.token, { reason: 'still spam' })).status).toBe(201);
    const second = (await queued(author.user.id))!;
    const suspended = await call('POST', `/v1/admin/reports/${second.id}/resolve`, op.token, {
      action: 'suspend_author',
      reason: 'Repeated spam',
    });
    expect(suspended.status).toBe(200);
    expect((await call('GET', '/v1/me', author.token)).status).toBe(401);
    const detail = await call('GET', `/v1/admin/users/${author.user.id}`, op.token);
    expect(detail.body.data.user.status).toBe('suspended');
    const notice = (detail.body.data.notices as { id: string; kind: string }[]).find((n) => n.kind === 'suspension')!;
    expect(notice).toBeDefined();

    // A suspended member cannot sign in to appeal (a way in for them is OPS's part): the row is written here.
    await t.database.db.insert(moderationAppeals).values({ noticeId: notice.id, userId: author.user.id, text: 'Not a spammer' });
    const appeal = (
      (await call('GET', '/v1/admin/appeals', op.token)).body.data.items as { id: string; notice: { id: string } }[]
    ).find((a) => a.notice.id === notice.id)!;
    const decided = await call('POST', `/v1/admin/appeals/${appeal.id}/decide`, op.token, {
      decision: 'overturn',
      note: 'Mistake',
    });
    expect(decided.status).toBe(200);
    expect((await call('GET', `/v1/admin/users/${author.user.id}`, op.token)).body.data.user.status).toBe('active');
  });
});
