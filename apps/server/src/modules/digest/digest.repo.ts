import { and, desc, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { markOnce } from '#src/core/db/once-marks.js';
import { campaigns, courses, lessons, posts, tribeMembers, tribes, users } from '#src/core/db/schema/index.js';

/** What the weekly digest reads (DESIGN 10.3): the week of each of a member's tribes. */
export function createDigestRepo(db: Db) {
  return {
    /** Members who asked for the weekly digest and can receive mail. */
    async weeklyReaders() {
      return db
        .select()
        .from(users)
        .where(and(sql`${users.notificationSettings} ->> 'digest' = 'weekly'`, sql`${users.emailVerifiedAt} is not null`));
    },

    /** The member's active tribes. */
    async tribesOf(userId: string) {
      return db
        .select({ id: tribes.id, name: tribes.name })
        .from(tribeMembers)
        .innerJoin(tribes, eq(tribes.id, tribeMembers.tribeId))
        .where(and(eq(tribeMembers.userId, userId), eq(tribeMembers.status, 'active')))
        .orderBy(tribes.name);
    },

    /** The week's most liked and discussed posts of a tribe, without those of the `exceptAuthors`. */
    async topPosts(tribeId: string, since: Date, exceptAuthors: readonly string[] = [], limit = 3) {
      const authorKept = exceptAuthors.length
        ? or(isNull(posts.authorId), notInArray(posts.authorId, [...exceptAuthors]))
        : undefined;
      return db
        .select({ id: posts.id, body: posts.body, likes: posts.likeCount, comments: posts.commentCount, author: users.name })
        .from(posts)
        .leftJoin(users, eq(users.id, posts.authorId))
        .where(and(eq(posts.tribeId, tribeId), gt(posts.createdAt, since), isNull(posts.deletedAt), authorKept))
        .orderBy(desc(sql`${posts.likeCount} + 2 * ${posts.commentCount}`), desc(posts.createdAt))
        .limit(limit);
    },

    async openCampaigns(tribeId: string, limit = 3) {
      return db
        .select({
          id: campaigns.id,
          title: campaigns.title,
          goal: campaigns.goal,
          raised: campaigns.raised,
          endsAt: campaigns.endsAt,
        })
        .from(campaigns)
        .where(and(eq(campaigns.tribeId, tribeId), eq(campaigns.status, 'active')))
        .orderBy(campaigns.endsAt)
        .limit(limit);
    },

    async newLessons(tribeId: string, since: Date, limit = 5) {
      return db
        .select({ id: lessons.id, title: lessons.title, course: courses.title })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(and(eq(courses.tribeId, tribeId), eq(courses.status, 'published'), gt(lessons.createdAt, since)))
        .orderBy(desc(lessons.createdAt))
        .limit(limit);
    },

    /** The week's new active members of a tribe, but the reader and the `exceptPeople`. */
    async newMembers(tribeId: string, since: Date, exceptUserId: string, exceptPeople: readonly string[] = []) {
      return db
        .select({ name: users.name })
        .from(tribeMembers)
        .innerJoin(users, eq(users.id, tribeMembers.userId))
        .where(
          and(
            eq(tribeMembers.tribeId, tribeId),
            eq(tribeMembers.status, 'active'),
            gt(tribeMembers.joinedAt, since),
            sql`${tribeMembers.userId} <> ${exceptUserId}`,
            exceptPeople.length ? notInArray(tribeMembers.userId, [...exceptPeople]) : undefined,
          ),
        )
        .orderBy(desc(tribeMembers.joinedAt));
    },

    /** Marks work done once (once_marks); false when it was already marked, by this node or another. */
    markOnce: (key: string, at: Date) => markOnce(db, key, at),
  };
}

export type DigestRepo = ReturnType<typeof createDigestRepo>;
