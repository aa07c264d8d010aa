import { MONEY_ERRORS, type DonationBody } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransact } from '#src/core/db/transaction.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { buyTokens, createTribe, newKey, signUp, signUpLeader } from '#test/factories.js';
import { createCampaignsRepo } from '#src/modules/wallet/campaigns.repo.js';
import { createDonationsRepo } from '#src/modules/wallet/donations.repo.js';
import { createDonationsService } from '#src/modules/wallet/donations.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The donations service over the app's database, with a mailer and a realtime hub that record what they are given. */
function recordingDonations() {
  const mails: { to: string; subject: string }[] = [];
  const events: { channel: string; event: string }[] = [];
  const waiting: (() => void)[] = [];
  const ctx = t.app.ctx;
  const service = createDonationsService({
    ledger: ctx.ledger,
    repo: createDonationsRepo(ctx.db),
    campaigns: createCampaignsRepo(ctx.db),
    transact: createTransact(ctx.db),
    tribes: ctx.tribesRepo,
    clock: ctx.clock,
    mailer: {
      enqueue: (m) => {
        mails.push({ to: m.to, subject: m.subject });
        waiting.splice(0).forEach((wake) => wake());
      },
    },
    realtime: { emit: (channel, event) => void events.push({ channel, event }) },
  });
  /** Resolves once the n-th receipt was handed to the mailer (the effects run after the commit, without being awaited). */
  const receipts = async (n: number) => {
    while (mails.length < n) await new Promise<void>((wake) => waiting.push(wake));
    return mails;
  };
  return { service, mails, events, receipts };
}

describe('the exactly-once donation (donations.service donate)', () => {
  it('runs its after-commit effects once for a first answer: never for a replay, a conflict, a refusal or a quiet donation', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { name: 'Effects Tribe' });
    const donor = await signUp(t);
    await buyTokens(t, donor.token, 100);
    const user = (await t.app.ctx.usersRepo.findById(donor.user.id))!;
    const { service, mails, events, receipts } = recordingDonations();
    const body: DonationBody = { target_type: 'tribe', target_id: tribe.id, amount: 25, message: '', anonymous: false };
    const key = newKey();

    const first = await service.donate(user, body, { key, locale: 'en' });
    expect(first).toMatchObject({ status: 201, replayed: false, body: { balance: 75 } });
    expect((await receipts(1)).map((m) => m.subject)).toEqual(['Your donation receipt: 25 tokens']);

    // The same key again: the first answer, nothing moved, no second receipt.
    const replay = await service.donate(user, body, { key, locale: 'en' });
    expect(replay).toMatchObject({ status: 201, replayed: true, body: first.body });
    // The same key with another body, and more than the balance: 409, rolled back with their keys.
    await expect(service.donate(user, { ...body, amount: 26 }, { key, locale: 'en' })).rejects.toMatchObject({
      statusCode: 409,
      errorType: MONEY_ERRORS.idempotencyConflict,
    });
    await expect(service.donate(user, { ...body, amount: 500 }, { key: newKey(), locale: 'en' })).rejects.toMatchObject({
      statusCode: 409,
      errorType: MONEY_ERRORS.insufficientFunds,
    });
    // A quiet donation (the demo seed's) moves tokens without news.
    const quiet = await service.donate(user, { ...body, amount: 2 }, { key: newKey(), locale: 'en', notify: false });
    expect(quiet.body.balance).toBe(73);

    const last = await service.donate(user, { ...body, amount: 3 }, { key: newKey(), locale: 'en' });
    expect(last.body.balance).toBe(70);
    // Had any of the calls above announced, its receipt would have been handed over before this one.
    expect((await receipts(2)).map((m) => m.subject)).toEqual([
      'Your donation receipt: 25 tokens',
      'Your donation receipt: 3 tokens',
    ]);
    expect(mails.map((m) => m.to)).toEqual([user.email, user.email]);
    expect(events.filter((e) => e.event === 'donation.received')).toHaveLength(2);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });
});
