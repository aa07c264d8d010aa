// The environment `npm start` (scripts/start.mjs) gives the server. Kept apart, without side effects,
// so a test can read the decision (apps/server/test/start-env.test.ts).

/** A variable the operator did not set (an empty value counts as unset, as the server's config reads it). */
const unset = (env, name) => env[name] === undefined || env[name] === '';

/**
 * The server's environment under `npm start`: the compiled server runs with NODE_ENV=production
 * unless the operator chose another. The README's plain `npm start` is a living demo: when the
 * operator's own environment neither says NODE_ENV=production nor names a PostgreSQL database, the
 * demo data (SEED_DEMO=true) and the sandbox payment provider (PAYMENT_PROVIDER=sandbox, tokens
 * without payment) are asked for explicitly, each only if unset. A real production start (the
 * operator's NODE_ENV=production, or DATABASE_URL) gets neither: no demo accounts with a published
 * password, and no tokens sold until a provider is named (DESIGN 11.1).
 */
export function childEnv(env) {
  const demo = env.NODE_ENV !== 'production' && unset(env, 'DATABASE_URL');
  const out = { ...env };
  if (unset(env, 'NODE_ENV')) out.NODE_ENV = 'production';
  if (demo) {
    for (const [name, value] of Object.entries({ SEED_DEMO: 'true', PAYMENT_PROVIDER: 'sandbox' })) {
      if (unset(env, name)) out[name] = value;
    }
  }
  return out;
}
