import { performance } from 'node:perf_hooks';
import PusherImport from 'pusher-js';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.js';
import { createUsersRepo } from '../../apps/server/src/modules/users/users.repo.js';
import { bootApp, expectStatus } from '../lib/app.js';
import type { Measurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';

// pusher-js's CommonJS build is typed as `export default`: under NodeNext the default import is the
// class at run time but typed as the module (as scenarios/soak.ts does).
type PusherClass = typeof import('../../node_modules/pusher-js/types/src/core/pusher.js').default;
const Pusher = PusherImport as unknown as PusherClass;

const MEMBERS = 32;
const ROUNDS = 40;
const TARGET_P99_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? NaN;
}

async function until(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for deliveries');
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * DESIGN 11.4's bar: one message to a 32-member group reaches all 32 members' stock pusher-js sockets
 * (each on its own `private-user.{id}` channel) in p99 under 50 ms on one node. Each latency runs from
 * the moment the POST leaves the sender to a socket's `message.created`: the whole path, HTTP,
 * transaction, and the fan-out.
 */
export const messages: Scenario = {
  name: 'messages',
  description: `one message to a ${MEMBERS}-member group, delivered to every member's pusher-js socket (target: p99 < ${TARGET_P99_MS} ms)`,
  async run(): Promise<Measurement> {
    const bench = await bootApp();
    const clients: InstanceType<typeof Pusher>[] = [];
    try {
      // Accounts older than a day (a new one writes only to tribe-mates): one hash for all, straight into the table.
      const repo = createUsersRepo(bench.app.ctx.db);
      const passwordHash = await hashPassword('a long enough bench passphrase');
      const old = new Date(Date.now() - 3 * 24 * 3600 * 1000);
      const people: { id: string; token: string }[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const u = await repo.create({
          name: `Member ${i}`,
          email: `bench.messages.${i}.${Date.now()}@example.test`,
          passwordHash,
          emailVerifiedAt: old,
          lastStep: 'email-verified',
          createdAt: old,
          updatedAt: old,
        });
        people.push({ id: u.id, token: await bench.app.ctx.tokens.issue(u.id, 'bench') });
      }
      const [starter, ...others] = people;
      const auth = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
      const created = (await expectStatus(
        `${bench.baseUrl}/api/v1/conversations`,
        {
          method: 'POST',
          headers: auth(starter!.token),
          body: JSON.stringify({ member_ids: others.map((o) => o.id), title: 'Bench' }),
        },
        201,
      )) as { data: { conversation: { id: string } } };
      const conversationId = created.data.conversation.id;
      // They share no tribe with the starter: each accepts the request, so everyone writes.
      for (const o of others)
        await expectStatus(
          `${bench.baseUrl}/api/v1/conversations/${conversationId}/accept`,
          { method: 'POST', headers: { authorization: `Bearer ${o.token}` } },
          200,
        );

      const { port } = new URL(bench.baseUrl);
      const key = bench.app.ctx.realtime.appKey;
      const latencies: number[] = [];
      let sentAt = 0;
      let subscribed = 0;
      for (const person of people) {
        const client = new Pusher(key, {
          cluster: '',
          wsHost: '127.0.0.1',
          wsPort: Number(port),
          forceTLS: false,
          enabledTransports: ['ws'],
          disableStats: true,
          authEndpoint: `${bench.baseUrl}/broadcasting/auth`,
          auth: { headers: { Authorization: `Bearer ${person.token}` } },
        });
        clients.push(client);
        const channel = client.subscribe(`private-user.${person.id}`);
        channel.bind('pusher:subscription_succeeded', () => subscribed++);
        channel.bind('message.created', () => latencies.push(performance.now() - sentAt));
      }
      await until(() => subscribed >= MEMBERS);

      for (let i = 0; i < ROUNDS; i++) {
        sentAt = performance.now();
        const res = await fetch(`${bench.baseUrl}/api/v1/conversations/${conversationId}/messages`, {
          method: 'POST',
          headers: auth(people[i % MEMBERS]!.token),
          body: JSON.stringify({ body: `round ${i}` }),
        });
        if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
        await until(() => latencies.length >= (i + 1) * MEMBERS);
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const verdict = p99 < TARGET_P99_MS ? 'within' : 'OVER';
      console.log(
        `\n    ${ROUNDS} messages to ${MEMBERS} members: p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms: ${verdict} the ${TARGET_P99_MS} ms target`,
      );
      return {
        name: this.name,
        description: this.description,
        method: 'POST',
        path: '/api/v1/conversations/{id}/messages',
        connections: MEMBERS,
        warmup_s: 0,
        requests_per_sec: NaN,
        p50_ms: percentile(sorted, 50),
        p99_ms: p99,
        mean_ms: sorted.reduce((a, b) => a + b, 0) / sorted.length,
        max_ms: sorted[sorted.length - 1] ?? NaN,
        requests_total: sorted.length,
        ok_2xx: ROUNDS,
        non_2xx: 0,
        errors: 0,
        timeouts: 0,
        duration_s: 0,
        ratio_to_hello: null,
        notes: `members=${MEMBERS} rounds=${ROUNDS} target_p99_ms=${TARGET_P99_MS} verdict=${verdict}`,
      };
    } finally {
      for (const c of clients) c.disconnect();
      await bench.close();
    }
  },
};
