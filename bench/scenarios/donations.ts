import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { bootApp, createVerifiedUser, expectStatus, type BenchApp } from '../lib/app.js';
import { measure } from '../lib/load.js';
import { DEFAULTS, type Scenario } from '../lib/scenario.js';

/** Sustained donations of 1 token from one funded wallet, each with its own Idempotency-Key. */
async function measureDonations(name: string, description: string, bench: BenchApp) {
  const donor = await createVerifiedUser(bench);
  const auth = { authorization: `Bearer ${donor.token}`, 'content-type': 'application/json' };
  const user = (await bench.app.ctx.usersRepo.findById(donor.id))!;
  await bench.app.ctx.usersRepo.update(donor.id, { role: 'leader' });
  const tribe = await bench.app.ctx.tribes.create(
    { ...user, role: 'leader' },
    { name: 'Bench donations', description: '', lat: 0, lng: 0, region: 'Bench', visibility: 'open' },
  );
  const payment = await bench.app.ctx.wallet.startPurchase(user, { tokens: 1_000_000 }, 'bench-purchase');
  await bench.app.ctx.wallet.completeSandbox(user, payment.body.payment_id, 'succeeded');
  const url = `${bench.baseUrl}/api/v1/donations`;
  const body = JSON.stringify({ target_type: 'tribe', target_id: tribe.id, amount: 1 });
  await expectStatus(url, { method: 'POST', headers: { ...auth, 'idempotency-key': 'bench-check' }, body }, 201);
  const m = await measure(name, description, {
    url,
    method: 'POST',
    headers: auth,
    body,
    uniqueHeader: 'idempotency-key',
    connections: 20,
    durationSec: DEFAULTS.durationSec,
    warmupSec: DEFAULTS.warmupSec,
  });
  const check = await bench.app.ctx.ledger.checkInvariants();
  if (!check.ok) throw new Error('ledger invariants broken after the donation load');
  return m;
}

export const donationsPglite: Scenario = {
  name: 'donations-pglite',
  description: 'POST /api/v1/donations, 20 connections (PGlite)',
  async run() {
    const bench = await bootApp();
    try {
      return await measureDonations(this.name, this.description, bench);
    } finally {
      await bench.close();
    }
  },
};

export const donationsPostgres: Scenario = {
  name: 'donations-postgres',
  description: 'POST /api/v1/donations, 20 connections (PostgreSQL)',
  async run() {
    const pg = await startPostgres();
    try {
      const bench = await bootApp({ DATABASE_URL: pg.url });
      try {
        return await measureDonations(this.name, this.description, bench);
      } finally {
        await bench.close();
      }
    } finally {
      await pg.stop();
    }
  },
};
