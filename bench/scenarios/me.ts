import { bootApp, createVerifiedUser, expectStatus } from '../lib/app.js';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

/** GET /api/v1/me with a bearer token: the full app stack plus one token lookup (PGlite). */
export const me: Scenario = {
  name: 'me',
  description: 'GET /api/v1/me, authenticated (PGlite)',
  async run() {
    const bench = await bootApp();
    try {
      const user = await createVerifiedUser(bench);
      const url = `${bench.baseUrl}/api/v1/me`;
      const headers = { authorization: `Bearer ${user.token}` };
      const body = (await expectStatus(url, { headers }, 200)) as { data?: { user?: { email?: string } } };
      if (body.data?.user?.email !== user.email)
        throw new Error(`GET /api/v1/me answered for ${body.data?.user?.email}, not ${user.email}`);
      return await measure(this.name, this.description, {
        url,
        headers,
        connections: DEFAULTS.readConnections,
        durationSec: DEFAULTS.durationSec,
        warmupSec: DEFAULTS.warmupSec,
      });
    } finally {
      await bench.close();
    }
  },
};
