import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_TTL_HOURS } from '@tribes/shared';
import { payments } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, newKey, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;

async function startPurchase(token: string, tokens = 300): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchases',
    payload: { tokens },
    headers: { ...bearer(token), 'idempotency-key': newKey() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.payment_id as string;
}

/** A sandbox purchase started `hoursAgo` hours before the app's clock, as startPurchase leaves one. */
async function purchaseStartedAgo(userId: string, hoursAgo: number): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(payments)
    .values({
      userId,
      provider: 'sandbox',
      tokens: 200,
      amountCents: 200,
      createdAt: new Date(t.clock.now().getTime() - hoursAgo * HOUR),
    })
    .returning();
  return row!.id;
}

const act = (token: string, id: string, what: 'resume' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/v1/wallet/purchases/${id}/${what}`, headers: bearer(token) });
const complete = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/sandbox/${id}/complete`,
    payload: { outcome: 'succeeded' },
    headers: bearer(token),
  });
const wallet = async (token: string) => (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(token) })).json().data;
const status = async (id: string) => (await t.app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!.status;

describe('a pending purchase', () => {
  it('is listed with its price and expiry, and resumes to its checkout', async () => {
    const u = await signUp(t);
    const id = await startPurchase(u.token);
    const expiresAt = new Date(t.clock.now().getTime() + PURCHASE_TTL_HOURS * HOUR);
    const w = await wallet(u.token);
    expect(w.pending_purchases).toHaveLength(1);
    expect(w.pending_purchases[0]).toMatchObject({ payment_id: id, tokens: 300, amount_cents: 300 });
    expect(Math.abs(Date.parse(w.pending_purchases[0].expires_at) - expiresAt.getTime())).toBeLessThan(5_000);
    const resumed = await act(u.token, id, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({ payment_id: id, checkout_url: `/checkout/sandbox/${id}` });
    // Resuming leads back to the same purchase: paying it credits once.
    expect((await complete(u.token, id)).json().data).toMatchObject({ status: 'succeeded', balance: 300 });
    const again = await act(u.token, id, 'resume');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'error', error_type: 'payment_settled' });
  });

  it('is cancelled by its payer only, once; a later confirmation credits nothing', async () => {
    const u = await signUp(t);
    const stranger = await signUp(t);
    const id = await startPurchase(u.token);
    expect((await act(stranger.token, id, 'cancel')).statusCode).toBe(403);
    expect((await act(u.token, '00000000-0000-4000-8000-000000000000', 'cancel')).statusCode).toBe(404);
    expect((await act(u.token, 'not-an-id', 'cancel')).statusCode).toBe(400);
    const cancelled = await act(u.token, id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'success', data: { payment_id: id, status: 'cancelled' } });
    // Cancelling again answers it as it is; it leaves the pending list; resuming and paying are refused.
    expect((await act(u.token, id, 'cancel')).json().data.status).toBe('cancelled');
    expect((await wallet(u.token)).pending_purchases).toEqual([]);
    expect((await act(u.token, id, 'resume')).statusCode).toBe(409);
    const paid = await complete(u.token, id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error_type).toBe('payment_settled');
    expect((await wallet(u.token)).balance).toBe(0);
    expect(await status(id)).toBe('cancelled');
  });

  it('cannot be cancelled once paid', async () => {
    const u = await signUp(t);
    const id = await startPurchase(u.token);
    await complete(u.token, id);
    const res = await act(u.token, id, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', error_type: 'payment_settled' });
    expect((await wallet(u.token)).balance).toBe(300);
  });

  it('expires after 24 hours: answered as expired, not listed, not resumable, cancellable or payable', async () => {
    const u = await signUp(t);
    const fresh = await purchaseStartedAgo(u.user.id, PURCHASE_TTL_HOURS - 1);
    const old = await purchaseStartedAgo(u.user.id, PURCHASE_TTL_HOURS + 1);
    expect((await wallet(u.token)).pending_purchases.map((p: { payment_id: string }) => p.payment_id)).toEqual([fresh]);
    const shown = await t.app.inject({ url: `/api/v1/wallet/purchases/${old}`, headers: bearer(u.token) });
    expect(shown.json().data).toMatchObject({ payment_id: old, status: 'expired' });
    for (const what of ['resume', 'cancel'] as const) {
      const res = await act(u.token, old, what);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error_type: 'payment_settled',
        message: 'This purchase has expired (after 24 hours). Start a new one.',
      });
    }
    expect((await complete(u.token, old)).statusCode).toBe(409);
    expect((await wallet(u.token)).balance).toBe(0);
    // The one an hour from expiry still pays.
    expect((await complete(u.token, fresh)).json().data.balance).toBe(200);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });
});
