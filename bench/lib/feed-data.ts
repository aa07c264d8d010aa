import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/core/db/client.js';
import { postHides, posts, tribeMembers, tribes, userBlocks, users } from '../../apps/server/src/core/db/schema/index.js';

/** How the seeded people and tribes are named (each scenario its own, so search and feed data never meet). */
export interface SeedNames {
  author(i: number): string;
  email(i: number): string;
  tribe(i: number): string;
  slug(i: number): string;
}

const FEED_NAMES: SeedNames = {
  author: (i) => `Author ${i}`,
  email: (i) => `author.${i}.${randomBytes(3).toString('hex')}@example.test`,
  tribe: (i) => `Bench tribe ${i} ${randomBytes(2).toString('hex')}`,
  slug: (i) => `bench-${i}-${randomBytes(3).toString('hex')}`,
};

/** 40 verified authors and 8 tribes, the reader an active member of the first 3. */
export async function seedAuthorsAndTribes(database: Database, readerId: string, names: SeedNames = FEED_NAMES) {
  const db = database.db;
  const now = Date.now();
  const authors = await db
    .insert(users)
    .values(
      Array.from({ length: 40 }, (_, i) => ({
        name: names.author(i),
        email: names.email(i),
        passwordHash: 'not-a-login',
        emailVerifiedAt: new Date(now),
      })),
    )
    .returning({ id: users.id });
  const tribeRows = await db
    .insert(tribes)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        name: names.tribe(i),
        slug: names.slug(i),
        lat: 10 + i,
        lng: 20 + i,
        region: 'Bench',
      })),
    )
    .returning({ id: tribes.id });
  await db
    .insert(tribeMembers)
    .values(tribeRows.slice(0, 3).map((t) => ({ tribeId: t.id, userId: readerId, role: 'member', status: 'active' })));
  return { authors, tribeRows };
}

/**
 * A realistic feed for one reader: `count` posts over 40 authors and 8 tribes (the reader is a
 * member of 3), a third of them tribe-only, plus a few hidden posts and blocked authors, so every
 * clause of the visibility predicate has work to do. Bulk-inserted in batches.
 */
export async function seedFeed(database: Database, readerId: string, count: number): Promise<void> {
  const db = database.db;
  const now = Date.now();
  const { authors, tribeRows } = await seedAuthorsAndTribes(database, readerId);
  await db.insert(userBlocks).values(authors.slice(0, 2).map((a) => ({ blockerId: readerId, blockedId: a.id })));
  const batch = 1000;
  const ids: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, j) => {
      const i = start + j;
      const tribe = tribeRows[i % tribeRows.length]!;
      const tribeOnly = i % 3 === 0;
      return {
        authorId: authors[i % authors.length]!.id,
        tribeId: tribeOnly || i % 2 === 0 ? tribe.id : null,
        visibility: tribeOnly ? 'tribe' : 'public',
        body: `Bench post ${i} #bench with a few words of text to render in the feed.`,
        likeCount: i % 17,
        commentCount: i % 5,
        createdAt: new Date(now - (count - i) * 60_000),
      };
    });
    ids.push(...(await db.insert(posts).values(rows).returning({ id: posts.id })).map((r) => r.id));
  }
  await db.insert(postHides).values(ids.slice(-50, -40).map((postId) => ({ postId, userId: readerId })));
  // A live database has statistics (autovacuum); a freshly bulk-loaded one must be told.
  await db.execute(sql`analyze`);
}
