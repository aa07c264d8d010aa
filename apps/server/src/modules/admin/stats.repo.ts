import { and, count, countDistinct, eq, gte, isNull, max, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { AdminStatsDay } from '@tribes/shared';
import type { Db } from '#src/core/db/client.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { authTokens, moderationAppeals, postReports, posts, tribes, users } from '#src/core/db/schema/index.js';

const DAY_MS = 24 * 3600 * 1000;

/** The UTC date (YYYY-MM-DD) of a column's instant, the same on PGlite and PostgreSQL whatever the session's zone. */
const utcDate = (at: PgColumn | SQL.Aliased<Date | null>) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The site's figures for the console's dashboard (GET /v1/admin/stats): totals and activity per day. */
export function createAdminStatsRepo(db: Db) {
  /** Each member's last activity: the latest use of any of their sessions. */
  const lastSeen = db
    .select({ userId: authTokens.userId, at: max(authTokens.lastUsedAt).as('last_seen_at') })
    .from(authTokens)
    .groupBy(authTokens.userId)
    .as('last_seen');

  /** Rows per UTC date of `at` within [from, to), as a map date → count (one grouped query). */
  async function perDay(
    at: PgColumn | SQL.Aliased<Date | null>,
    from: PgTable | Subquery,
    range: { from: Date; to: Date },
    where?: SQL,
  ): Promise<Map<string, number>> {
    const day = utcDate(at);
    const rows = await db
      .select({ date: day, n: count() })
      .from(from)
      .where(
        and(sql`${at} >= ${range.from.toISOString()}::timestamptz and ${at} < ${range.to.toISOString()}::timestamptz`, where),
      )
      .groupBy(day);
    return new Map(rows.map((r) => [r.date, r.n]));
  }

  return {
    /** The figures of GET /v1/admin/stats that the database holds. */
    async totals(now: Date) {
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const active = async (days: number) => {
        const [row] = await db
          .select({ n: countDistinct(authTokens.userId) })
          .from(authTokens)
          .where(gte(authTokens.lastUsedAt, ago(days)));
        return row?.n ?? 0;
      };
      const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
      return {
        users: {
          total: await one(db.select({ n: count() }).from(users)),
          new_7d: await one(
            db
              .select({ n: count() })
              .from(users)
              .where(gte(users.createdAt, ago(7))),
          ),
          active_1d: await active(1),
          active_7d: await active(7),
          active_30d: await active(30),
        },
        tribes: { total: await one(db.select({ n: count() }).from(tribes)) },
        posts: {
          total: await one(db.select({ n: count() }).from(posts).where(isNull(posts.deletedAt))),
          new_7d: await one(
            db
              .select({ n: count() })
              .from(posts)
              .where(and(isNull(posts.deletedAt), gte(posts.createdAt, ago(7)))),
          ),
        },
        reports: {
          open: await one(
            db
              .select({ n: count() })
              .from(postReports)
              .where(and(eq(postReports.status, 'open'), eq(postReports.handler, 'operators'))),
          ),
        },
        appeals: {
          open: await one(db.select({ n: count() }).from(moderationAppeals).where(eq(moderationAppeals.status, 'open'))),
        },
      };
    },

    /**
     * The `days` UTC days ending with today (`now`'s date), oldest first, a day without rows all zeros:
     * sign-ups, posts published and not deleted (as posts.total counts them), reports filed on anything.
     * `active` counts members whose last activity fell that day: a session keeps only its last use
     * (auth_tokens.last_used_at), not every day it was used, so a member seen on Monday and again today
     * counts today only. Summed over the days it is the members active in the period (as active_30d).
     */
    async series(now: Date, days: number): Promise<AdminStatsDay[]> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const range = { from: new Date(today - (days - 1) * DAY_MS), to: new Date(today + DAY_MS) };
      const [signups, active, published, reports] = await Promise.all([
        perDay(users.createdAt, users, range),
        perDay(lastSeen.at, lastSeen, range),
        perDay(posts.createdAt, posts, range, isNull(posts.deletedAt)),
        perDay(postReports.createdAt, postReports, range),
      ]);
      return Array.from({ length: days }, (_, i) => {
        const date = new Date(range.from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return {
          date,
          signups: signups.get(date) ?? 0,
          active: active.get(date) ?? 0,
          posts: published.get(date) ?? 0,
          reports: reports.get(date) ?? 0,
        };
      });
    },
  };
}

export type AdminStatsRepo = ReturnType<typeof createAdminStatsRepo>;
