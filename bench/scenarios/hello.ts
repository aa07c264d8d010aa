import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

/**
 * The baseline: a bare Fastify with one route and no plugins, measured on this machine in this run.
 * Every other scenario is read as a ratio to it.
 */
export const hello: Scenario = {
  name: 'hello',
  description: 'bare Fastify hello-world (baseline)',
  async run() {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      return await measure(this.name, this.description, {
        url: `http://127.0.0.1:${port}/`,
        connections: DEFAULTS.readConnections,
        durationSec: DEFAULTS.durationSec,
        warmupSec: DEFAULTS.warmupSec,
      });
    } finally {
      await app.close();
    }
  },
};
