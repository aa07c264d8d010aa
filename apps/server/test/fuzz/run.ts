/**
 * `npm run fuzz`: generated bad requests over every operation of the OpenAPI document, against
 * PGlite (or the PostgreSQL database of DATABASE_URL). FUZZ_RUNS (default 10000) requests in all,
 * FUZZ_SEED (default 20261123) picks them; FUZZ_TIMEOUT_MS bounds each answer. Exits 1 on any 5xx,
 * hang or answer outside the envelope, printing the requests that caused them.
 */
import { openDatabase } from '#src/core/db/client.js';
import { buildTestApp } from '../build-test-app.js';
import { buildWorld, describeRequest, generate, sendAll, servedOperations } from './world.js';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 10_000);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('FUZZ_RUNS must be a positive whole number and FUZZ_SEED a whole number.');
  process.exit(2);
}

const started = Date.now();
const database = process.env.DATABASE_URL ? await openDatabase({ url: process.env.DATABASE_URL, poolSize: 5 }) : undefined;
await database?.migrate();
const t = await buildTestApp({ database });
let failed: boolean | undefined;
try {
  const world = await buildWorld(t);
  const ops = await servedOperations(t.app);
  const requests = generate(ops, world.fixtures, Math.ceil(runs / ops.length), seed);
  const result = await sendAll(world, requests, timeoutMs);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz: ${result.requests} requests over ${ops.length} operations (seed ${seed}, ${database ? 'PostgreSQL' : 'PGlite'}) in ${seconds} s; ` +
      `answers ${JSON.stringify(result.statuses)}; ${result.problems.length} problems`,
  );
  const byKind = new Map<string, number>();
  for (const p of result.problems) {
    const key = `${p.problem} ${p.request.method} ${p.request.url.split('?')[0]}`;
    byKind.set(key, (byKind.get(key) ?? 0) + 1);
    if ((byKind.get(key) ?? 0) <= 2) console.log(`\n${p.problem}\n  ${describeRequest(p.request)}\n  → ${p.body ?? ''}`);
  }
  if (byKind.size) console.log(`\nproblems by kind:\n${[...byKind].map(([k, n]) => `  ${n} × ${k}`).join('\n')}`);
  failed = result.problems.length > 0;
} finally {
  await t.close();
  await database?.close();
}
process.exit(failed === false ? 0 : 1);
