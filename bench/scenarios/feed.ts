import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { bootApp, createVerifiedUser, expectStatus, type BenchApp } from '../lib/app.js';
import { seedFeed } from '../lib/feed-data.js';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

const POSTS = 10_000;

async function measureFeed(name: string, description: string, bench: BenchApp) {
  const reader = await createVerifiedUser(bench);
  await seedFeed(bench.database, reader.id, POSTS);
  const url = `${bench.baseUrl}/api/v1/feed`;
  const headers = { authorization: `Bearer ${reader.token}` };
  const body = (await expectStatus(url, { headers }, 200)) as { data?: { items?: unknown[] } };
  if ((body.data?.items?.length ?? 0) !== 20) throw new Error(`the feed answered ${body.data?.items?.length} posts, not 20`);
  return measure(name, description, {
    url,
    headers,
    connections: DEFAULTS.readConnections,
    durationSec: DEFAULTS.durationSec,
    warmupSec: DEFAULTS.warmupSec,
  });
}

/** GET /api/v1/feed (first page of 20) over 10,000 seeded posts, embedded PGlite. */
export const feedPglite: Scenario = {
  name: 'feed-pglite',
  description: `GET /api/v1/feed, ${POSTS} posts (PGlite)`,
  async run() {
    const bench = await bootApp();
    try {
      return await measureFeed(this.name, this.description, bench);
    } finally {
      await bench.close();
    }
  },
};

/** The same on a real PostgreSQL server started for the run. Budget: p99 under 50 ms at 50 connections. */
export const feedPostgres: Scenario = {
  name: 'feed-postgres',
  description: `GET /api/v1/feed, ${POSTS} posts (PostgreSQL; budget p99 < 50 ms)`,
  async run() {
    const pg = await startPostgres();
    try {
      const bench = await bootApp({ DATABASE_URL: pg.url.replace(/\/postgres$/, '/postgres') });
      try {
        return await measureFeed(this.name, this.description, bench);
      } finally {
        await bench.close();
      }
    } finally {
      await pg.stop();
    }
  },
};
