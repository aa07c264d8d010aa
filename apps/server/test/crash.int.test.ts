import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/core/db/client.js';
import { startServerProcess } from './server-process.js';
import { createTestDatabase, TEST_DB } from './test-database.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-crash-'));
let pg: (Database & { url?: string }) | undefined;
afterAll(async () => {
  await pg?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function env(): Promise<Record<string, string>> {
  const e: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '100000' };
  if (TEST_DB === 'postgres') {
    pg ??= await createTestDatabase({ migrate: false });
    e.DATABASE_URL = pg.url!;
  }
  return e;
}

describe('a crash in the middle of a donation burst', () => {
  it('loses no acknowledged donation and keeps every invariant after a restart', async () => {
    let server = await startServerProcess(await env());
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const email = 'crash@example.test';
    await call('POST', '/api/v1/auth/register', {
      name: 'Crash Donor',
      email,
      password: 'a fine passphrase',
      password_confirmation: 'a fine passphrase',
    });
    let code: string | undefined;
    const until = Date.now() + 5000;
    while (!code && Date.now() < until) {
      code = /\[dev mailbox\] crash@example\.test: email-verification code (\d{6})/.exec(server.output())?.[1];
      await new Promise((r) => setTimeout(r, 20));
    }
    const token = (await call('POST', '/api/v1/auth/email/otp/verify', { email, code, purpose: 'email-verification' })).body.data
      .auth_token as string;
    const auth = { authorization: `Bearer ${token}` };
    await call('PUT', '/api/v1/me/role', { role: 'leader' }, auth);
    const tribe = (await call('POST', '/api/v1/tribes', { name: 'Crash Tribe', lat: 1, lng: 1, region: 'Test' }, auth)).body.data
      .tribe as { id: string };
    const purchase = (await call('POST', '/api/v1/wallet/purchases', { tokens: 5000 }, { ...auth, 'idempotency-key': 'buy-1' }))
      .body.data as { payment_id: string };
    await call('POST', `/api/v1/payments/sandbox/${purchase.payment_id}/complete`, { outcome: 'succeeded' }, auth);

    // A burst of donations; the server is killed with SIGKILL once some have been acknowledged.
    const acknowledged = new Map<string, string>();
    const body = { target_type: 'tribe', target_id: tribe.id, amount: 10 };
    const burst = Array.from({ length: 120 }, (_, i) =>
      call('POST', '/api/v1/donations', body, { ...auth, 'idempotency-key': `crash-${i}` })
        .then((r) => {
          if (r.status === 201) acknowledged.set(`crash-${i}`, (r.body.data.donation as { id: string }).id);
          if (acknowledged.size === 25) server.child.kill('SIGKILL');
        })
        .catch(() => undefined),
    );
    await Promise.all(burst);
    await server.exited;
    expect(acknowledged.size).toBeGreaterThanOrEqual(25);

    server = await startServerProcess(await env());
    try {
      const health = await call('GET', '/api/v1/health/ledger');
      expect(health.body.data).toMatchObject({ ok: true });
      const mine = (await call('GET', '/api/v1/me/donations', undefined, auth)).body.data.items as {
        id: string;
        amount: number;
      }[];
      const stored = new Set(mine.map((d) => d.id));
      for (const id of acknowledged.values()) expect(stored.has(id)).toBe(true);
      // A retry of an acknowledged request answers the same donation, never a second one.
      const [key, id] = [...acknowledged.entries()][0]!;
      const replay = await call('POST', '/api/v1/donations', body, { ...auth, 'idempotency-key': key });
      expect((replay.body.data.donation as { id: string }).id).toBe(id);
      const wallet = (await call('GET', '/api/v1/wallet', undefined, auth)).body.data as { balance: number };
      expect(wallet.balance).toBe(5000 - 10 * mine.length);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
