import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, payments } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, newKey, signUp } from '#test/factories.js';

/** A production node as an operator starts it (the queue off only to keep the test light). */
const PRODUCTION = { NODE_ENV: 'production', JOBS_ENABLED: 'false' };

const purchase = (t: TestApp, token: string, key = newKey(), locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchases',
    payload: { tokens: 500 },
    headers: { ...bearer(token), 'idempotency-key': key, 'accept-language': locale },
  });
const balance = async (t: TestApp, token: string) =>
  (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(token) })).json().data.balance as number;
const data = async (t: TestApp, url: string) => (await t.app.inject({ url })).json().data;

describe('a production node without PAYMENT_PROVIDER (DESIGN 11.1: the sandbox only when named)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: PRODUCTION, captureLogs: true });
  });
  afterAll(async () => t?.close());

  it('refuses a purchase with 409 purchases_disabled, stores nothing and credits nothing', async () => {
    const buyer = await signUp(t);
    const key = newKey();
    const res = await purchase(t, buyer.token, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Buying tokens is not available on this site. Nothing was charged.',
      error_type: 'purchases_disabled',
    });
    // In the reader's language, like every answer.
    expect((await purchase(t, buyer.token, newKey(), 'fr')).json().message).toBe(
      'L’achat de jetons n’est pas disponible sur ce site. Rien n’a été débité.',
    );
    expect(await t.app.ctx.db.select().from(payments).where(eq(payments.userId, buyer.user.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, buyer.user.id))).toEqual([]);
    expect(await balance(t, buyer.token)).toBe(0);
  });

  it('has no sandbox checkout: completing even a sandbox purchase left from before is 404, nothing credited', async () => {
    const buyer = await signUp(t);
    const [left] = await t.app.ctx.db
      .insert(payments)
      .values({ userId: buyer.user.id, provider: 'sandbox', tokens: 500, amountCents: 500, createdAt: t.clock.now() })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${left!.id}/complete`,
      payload: { outcome: 'succeeded' },
      headers: bearer(buyer.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
    expect(await balance(t, buyer.token)).toBe(0);
    // It can still be cancelled, so it does not wait for its 24 hours.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/purchases/${left!.id}/cancel`,
      headers: bearer(buyer.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
  });

  it('says so in GET /v1/config (for the web), GET /v1/health and, loudly, in the start log', async () => {
    expect((await data(t, '/api/v1/config')).payments.provider).toBe('none');
    expect(await data(t, '/api/v1/health')).toMatchObject({ payments: { provider: 'none' }, demo_accounts: false });
    const warnings = t.logs.filter((l) => l.includes('PURCHASES ARE OFF')).map((l) => JSON.parse(l) as { level: number });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
  });
});

describe('a production node with PAYMENT_PROVIDER=sandbox, named explicitly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' }, captureLogs: true });
  });
  afterAll(async () => t?.close());

  it('sells tokens through the sandbox, and warns at start that they come without payment', async () => {
    const buyer = await signUp(t);
    expect(await buyTokens(t, buyer.token, 500)).toBe(500);
    expect((await data(t, '/api/v1/config')).payments.provider).toBe('sandbox');
    expect((await data(t, '/api/v1/health')).payments).toEqual({ provider: 'sandbox' });
    expect(t.logs.filter((l) => l.includes('PAYMENT_PROVIDER=sandbox in production'))).toHaveLength(1);
    expect(t.logs.some((l) => l.includes('PURCHASES ARE OFF'))).toBe(false);
  });
});
