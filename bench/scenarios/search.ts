import { randomBytes } from 'node:crypto';
import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { posts } from '../../apps/server/src/core/db/schema/index.js';
import { seedAuthorsAndTribes } from '../lib/feed-data.js';
import { bootApp, createVerifiedUser, expectStatus, type BenchApp } from '../lib/app.js';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

const POSTS = 10_000;

/** Posts in the five languages of the interface, written with marks and letter forms that search folds. */
const TEXTS = [
  (i: number) => `ذَهَبْنا إلى المَدْرَسَةِ في القرية رقم ${i} مع أَحْمَد وإِسْلام`,
  (i: number) => `Le fest-noz de la fête du village ${i} aura lieu samedi à Quimper, venez nombreux`,
  (i: number) => `שָׁלוֹם לְכֻלָּם, הַמִּפְגָּשׁ ${i} בַּכְּפָר יִתְקַיֵּם בְּמוֹצָאֵי שַׁבָּת`,
  (i: number) => `La fiesta ${i} empieza el sábado por la noche en el salón del pueblo, traed a vuestros amigos`,
  (i: number) => `The harvest meeting ${i} starts on Saturday evening in the village hall, bring your friends`,
];

/** 10,000 posts over 40 authors and 8 tribes (the reader a member of 3), a third tribe-only, in five languages. */
async function seedPosts(bench: BenchApp, readerId: string) {
  const db = bench.database.db;
  const now = Date.now();
  const { authors, tribeRows } = await seedAuthorsAndTribes(bench.database, readerId, {
    author: (i) => `Auteur ${i} أحمد`,
    email: (i) => `search.${i}.${randomBytes(3).toString('hex')}@example.test`,
    tribe: (i) => `Tribu ${i} ${randomBytes(2).toString('hex')}`,
    slug: (i) => `search-${i}-${randomBytes(3).toString('hex')}`,
  });
  for (let start = 0; start < POSTS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, POSTS - start) }, (_, j) => {
      const i = start + j;
      const tribeOnly = i % 3 === 0;
      return {
        authorId: authors[i % authors.length]!.id,
        tribeId: tribeOnly ? tribeRows[i % tribeRows.length]!.id : null,
        visibility: tribeOnly ? 'tribe' : 'public',
        body: TEXTS[i % TEXTS.length]!(i),
        createdAt: new Date(now - (POSTS - i) * 60_000),
      };
    });
    await db.insert(posts).values(rows);
  }
}

async function measureSearch(name: string, description: string, bench: BenchApp) {
  const reader = await createVerifiedUser(bench);
  await seedPosts(bench, reader.id);
  // An Arabic prefix without marks, against text written with them: folded, prefix-matched, ranked.
  const url = `${bench.baseUrl}/api/v1/search?q=${encodeURIComponent('المدر')}`;
  const headers = { authorization: `Bearer ${reader.token}` };
  // The first search folds the seeded backlog (once): not measured.
  const body = (await expectStatus(url, { headers }, 200)) as { data?: { items?: unknown[] } };
  if ((body.data?.items?.length ?? 0) !== 20) throw new Error(`search answered ${body.data?.items?.length} hits, not 20`);
  return measure(name, description, {
    url,
    headers,
    connections: DEFAULTS.readConnections,
    durationSec: DEFAULTS.durationSec,
    warmupSec: DEFAULTS.warmupSec,
  });
}

/** GET /api/v1/search over 10,000 posts in five languages, on a PostgreSQL server started for the run. Budget: p99 < 50 ms. */
export const searchPostgres: Scenario = {
  name: 'search',
  description: `GET /api/v1/search, ${POSTS} posts in five languages (PostgreSQL; budget p99 < 50 ms)`,
  async run() {
    const pg = await startPostgres();
    try {
      const bench = await bootApp({ DATABASE_URL: pg.url });
      try {
        return await measureSearch(this.name, this.description, bench);
      } finally {
        await bench.close();
      }
    } finally {
      await pg.stop();
    }
  },
};
