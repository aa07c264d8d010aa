import type { ModerationEntry, Page, PostReport } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { forbidden, HttpError, notFound } from '#src/core/errors.js';
import { type TribeReads, canModerate, refuseBanned, type TribesService } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { ModerationRepo } from './moderation.repo.js';
import type { PostsRepo } from './posts.repo.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { PostReading } from './post-reading.js';
import type { Transact } from '#src/core/db/transaction.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  moderation: ModerationRepo;
  posts: PostsRepo;
  /** Who may see a post, and presenting posts for a moderator (shared with the feed, posts and comments). */
  reading: Pick<PostReading, 'visible' | 'present'>;
  tribesRepo: TribeReads;
  tribes: TribesService;
  clock: Clock;
}

/** Reports: anyone who sees a post may report it; the tribe's leaders and moderators work the queue. */
export function createReportsService({ moderation, posts, reading, tribesRepo, tribes, clock, transact }: Deps) {
  async function moderatedTribe(tribeRef: string, user: UserRow) {
    const tribe = await tribesRepo.findByRef(tribeRef);
    if (!tribe) throw notFound();
    if (!canModerate(await tribesRepo.membership(tribe.id, user.id))) throw forbidden();
    return tribe;
  }

  return {
    async report(postId: string, user: UserRow, reason: string): Promise<void> {
      const post = await reading.visible(postId, user);
      if (post.authorId === user.id) throw new HttpError(409, 'posts.report_own');
      await refuseBanned(tribesRepo, post.tribeId, user.id);
      if (await moderation.openReportBy(post.id, user.id)) throw new HttpError(409, 'posts.already_reported');
      const author = await moderation.userName(post.authorId);
      await moderation.insertReport({
        postId: post.id,
        tribeId: post.tribeId,
        // The post as it is now: an edit or a deletion afterwards leaves the evidence (DESIGN 11.2).
        snapshot: {
          type: 'post',
          id: post.id,
          author: author ?? { id: post.authorId, name: '' },
          title: null,
          text: post.body,
          image_urls: [],
          tribe_id: post.tribeId,
          post_id: post.id,
          created_at: post.createdAt.toISOString(),
        },
        reporterId: user.id,
        reason,
        createdAt: clock.now(),
      });
    },

    async queue(
      tribeRef: string,
      user: UserRow,
      q: { status: string; cursor?: string; limit: number },
    ): Promise<Page<PostReport>> {
      const tribe = await moderatedTribe(tribeRef, user);
      const rows = await moderation.listReports(tribe.id, q.status, readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const postIds = items.flatMap((r) => (r.report.postId ? [r.report.postId] : []));
      const postRows = (await Promise.all(postIds.map((id) => posts.findPost(id)))).filter((p) => p !== undefined);
      const presented = new Map((await reading.present(postRows, user)).map((p) => [p.id, p]));
      const last = items[items.length - 1];
      return {
        items: await Promise.all(
          items.map(async ({ report, reporter }) => ({
            id: report.id,
            post: (report.postId && presented.get(report.postId)) || null,
            reporter,
            reason: report.reason,
            status: report.status as PostReport['status'],
            action: report.action as PostReport['action'],
            note: report.note,
            handled_by: await moderation.userName(report.handledBy),
            handled_at: report.handledAt?.toISOString() ?? null,
            created_at: report.createdAt.toISOString(),
          })),
        ),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.report.createdAt, last.report.id) : null,
      };
    },

    /**
     * Closes a report: dismiss it, delete the post, or ban its author from the tribe (which follows
     * the membership rules: moderators ban plain members only). Each act is logged with its note.
     */
    async resolve(
      reportId: string,
      user: UserRow,
      action: 'dismiss' | 'delete_post' | 'ban_author',
      note: string,
    ): Promise<void> {
      const report = await moderation.findReport(reportId);
      if (!report || !report.tribeId || !report.postId) throw notFound();
      const tribe = await moderatedTribe(report.tribeId, user);
      if (report.status !== 'open') throw new HttpError(409, 'reports.already_handled');
      const post = await posts.findPost(report.postId);
      if (!post) throw notFound();
      const now = clock.now();
      if (action === 'ban_author') await tribes.updateMember(tribe.id, user, post.authorId, { status: 'banned' });
      await transact(async (tx) => {
        if (action === 'delete_post' && !post.deletedAt)
          await posts.updatePost(post.id, { deletedAt: now, deletedBy: user.id }, tx);
        const closed = await moderation.closeReport(
          report.id,
          { status: action === 'dismiss' ? 'dismissed' : 'actioned', action, note, handledBy: user.id, handledAt: now },
          tx,
        );
        if (!closed) throw new HttpError(409, 'reports.already_handled');
        await moderation.log(
          {
            tribeId: tribe.id,
            actorId: user.id,
            action,
            postId: post.id,
            targetUserId: post.authorId,
            reportId: report.id,
            reason: note,
            createdAt: now,
          },
          tx,
        );
      });
    },

    async log(tribeRef: string, user: UserRow): Promise<ModerationEntry[]> {
      const tribe = await moderatedTribe(tribeRef, user);
      const rows = await moderation.listLog(tribe.id, 200);
      return rows.map(({ entry, actor }) => ({
        id: entry.id,
        action: entry.action,
        actor: actor?.id ? actor : null,
        post_id: entry.postId,
        target_user_id: entry.targetUserId,
        report_id: entry.reportId,
        reason: entry.reason,
        created_at: entry.createdAt.toISOString(),
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
