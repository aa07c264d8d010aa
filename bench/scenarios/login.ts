import { bootApp, createVerifiedUser, expectStatus } from '../lib/app.js';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

/**
 * Each login verifies an argon2id hash (19 MiB, t=2: ~50 ms of CPU on the libuv pool), so the
 * endpoint is CPU-bound at a few dozen logins per second on 2 cores. 50 connections would only
 * queue behind the hashing and inflate latency; 10 keep the pool busy with a short queue.
 */
const LOGIN_CONNECTIONS = 10;

/** POST /api/v1/auth/login with the right password: argon2id verify, throttle bookkeeping, a new token. */
export const login: Scenario = {
  name: 'login',
  description: 'POST /api/v1/auth/login, argon2id (PGlite)',
  async run() {
    const bench = await bootApp();
    try {
      const user = await createVerifiedUser(bench);
      const url = `${bench.baseUrl}/api/v1/auth/login`;
      const headers = { 'content-type': 'application/json' };
      const body = JSON.stringify({ email: user.email, password: user.password });
      const answer = (await expectStatus(url, { method: 'POST', headers, body }, 200)) as { data?: { auth_token?: string } };
      if (!answer.data?.auth_token) throw new Error('POST /api/v1/auth/login gave no auth_token');
      return await measure(
        this.name,
        this.description,
        {
          url,
          method: 'POST',
          headers,
          body,
          connections: LOGIN_CONNECTIONS,
          durationSec: DEFAULTS.durationSec,
          warmupSec: DEFAULTS.warmupSec,
        },
        `${LOGIN_CONNECTIONS} connections: argon2id-bound, more would only queue`,
      );
    } finally {
      await bench.close();
    }
  },
};
