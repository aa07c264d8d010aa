import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_tribes';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_not_used', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
});
afterAll(async () => t.close());

/** A pending Stripe payment as startPurchase would leave it (the Checkout Session itself needs Stripe's servers). */
async function pendingPayment(userId: string, tokens: number, sessionId: string) {
  const [row] = await t.app.ctx.db
    .insert(payments)
    .values({ userId, provider: 'stripe', providerRef: sessionId, tokens, amountCents: tokens })
    .returning();
  return row!;
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const webhook = (event: ReturnType<typeof signed>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', ...event });

function signed(event: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    // The server's clock is the test's manual clock: sign against it, not the wall clock.
    timestamp: opts.timestamp ?? nowSeconds(),
  });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}

const completed = (id: string, paymentId: string, sessionId: string) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', metadata: { payment_id: paymentId } } },
});

const balance = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(token) })).json().data.balance as number;

describe('Stripe webhooks', () => {
  it('credits the tokens once, even when the same event is replayed', async () => {
    const u = await signUp(t);
    const payment = await pendingPayment(u.user.id, 700, 'cs_test_a');
    const event = signed(completed('evt_1', payment.id, 'cs_test_a'));
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', ...event });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('applied');
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', ...event });
    expect(replay.json().result).toBe('duplicate');
    // Another event for the same session (Stripe may send several) finds the payment settled.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      ...signed(completed('evt_2', payment.id, 'cs_test_a')),
    });
    expect(await balance(u.token)).toBe(700);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('refuses a forged signature and an event older than 300 s, and credits nothing', async () => {
    const u = await signUp(t);
    const payment = await pendingPayment(u.user.id, 300, 'cs_test_b');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      ...signed(completed('evt_3', payment.id, 'cs_test_b'), { secret: 'whsec_wrong' }),
    });
    expect(forged.statusCode).toBe(400);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      ...signed(completed('evt_4', payment.id, 'cs_test_b'), { timestamp: nowSeconds() - 301 }),
    });
    expect(old.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload: JSON.stringify(completed('evt_5', payment.id, 'cs_test_b')),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balance(u.token)).toBe(0);
  });

  it('accepts a signed timestamp only within 300 s of now, in the past or in the future', async () => {
    const u = await signUp(t);
    const payment = await pendingPayment(u.user.id, 400, 'cs_test_window');
    const event = (id: string) => completed(id, payment.id, 'cs_test_window');
    const future = await webhook(signed(event('evt_future'), { timestamp: nowSeconds() + 301 }));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ status: 'error' });
    const past = await webhook(signed(event('evt_past'), { timestamp: nowSeconds() - 301 }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ status: 'error' });
    expect(await balance(u.token)).toBe(0);
    // A correctly signed event 300 s ahead is still inside the window and is applied.
    const inside = await webhook(signed(event('evt_inside'), { timestamp: nowSeconds() + 300 }));
    expect(inside.statusCode).toBe(200);
    expect(inside.json().result).toBe('applied');
    expect(await balance(u.token)).toBe(400);
  });

  it('marks an expired session so it is no longer pending', async () => {
    const u = await signUp(t);
    const payment = await pendingPayment(u.user.id, 200, 'cs_test_c');
    const event = {
      id: 'evt_6',
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: 'cs_test_c', metadata: { payment_id: payment.id } } },
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', ...signed(event) })).json().result).toBe(
      'applied',
    );
    expect((await t.app.inject({ url: '/api/v1/wallet', headers: bearer(u.token) })).json().data.pending_purchases).toEqual([]);
  });

  it('credits nothing for a payment confirmed after its purchase was cancelled or expired (24 h)', async () => {
    const u = await signUp(t);
    const cancelled = await pendingPayment(u.user.id, 400, 'cs_test_cancelled');
    await t.app.ctx.db.update(payments).set({ status: 'cancelled' }).where(eq(payments.id, cancelled.id));
    expect((await webhook(signed(completed('evt_late_1', cancelled.id, 'cs_test_cancelled')))).json().result).toBe('applied');
    const [stale] = await t.app.ctx.db
      .insert(payments)
      .values({
        userId: u.user.id,
        provider: 'stripe',
        providerRef: 'cs_test_stale',
        tokens: 500,
        amountCents: 500,
        createdAt: new Date(t.clock.now().getTime() - 25 * 3_600_000),
      })
      .returning();
    expect((await webhook(signed(completed('evt_late_2', stale!.id, 'cs_test_stale')))).json().result).toBe('applied');
    expect(await balance(u.token)).toBe(0);
    const statuses = await t.app.ctx.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(eq(payments.userId, u.user.id));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [cancelled.id]: 'cancelled',
      [stale!.id]: 'expired',
    });
  });

  it('has no sandbox confirmation while the provider is Stripe, and no webhook for unknown providers', async () => {
    const u = await signUp(t);
    const payment = await pendingPayment(u.user.id, 100, 'cs_test_d');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/payments/sandbox/${payment.id}/complete`,
          payload: { outcome: 'succeeded' },
          headers: bearer(u.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/payments/paypal/webhook',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
