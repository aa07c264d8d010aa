import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { bearer, buyTokens, createTribe, logIn, newKey, signUpLeader } from './factories.js';
import { multipartBody } from './multipart.js';

/**
 * The restore drills' two halves (test/integration/app/backup.int.test.ts): a site with data in every place a backup
 * must cover, and the checks that a restored copy still has it all.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `npm run backup|restore -- FILE` from the repository's root, as an operator types it, on `dataDir`. */
export function runScript(script: 'backup' | 'restore', file: string, dataDir: string, env: Record<string, string> = {}) {
  const run = spawnSync('npm', ['run', '--silent', script, '--', file], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_SECRET: '', STORAGE_URL: '', ...env },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** What a site holds, to find again after its restore. */
export interface SiteData {
  owner: { email: string; password: string };
  tribeId: string;
  tribeName: string;
  avatarUrl: string;
  avatar: Buffer;
  expenseId: string;
  receipt: Buffer;
  balance: number;
}

const RECEIPT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n% backup drill receipt\n');
const BOUGHT = 500;
const GIVEN = 120;

/**
 * A leader with an avatar (public media), a tribe, tokens bought and given through the ledger, and an
 * expense with a PDF receipt (private media, served only through signed links).
 */
export async function populate(t: TestApp): Promise<SiteData> {
  const owner = await signUpLeader(t);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b5651d' } })
    .png()
    .toBuffer();
  const form = multipartBody([{ field: 'avatar', filename: 'me.png', contentType: 'image/png', data: png }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/avatar',
    payload: form.payload,
    headers: { ...bearer(owner.token), ...form.headers },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const avatarUrl = uploaded.json().data.user.avatar_url as string;
  const avatar = (await t.app.inject({ url: avatarUrl })).rawPayload;
  const tribe = await createTribe(t, owner.token);
  expect(await buyTokens(t, owner.token, BOUGHT)).toBe(BOUGHT);
  const gift = await t.app.inject({
    method: 'POST',
    url: '/api/v1/donations',
    payload: { target_type: 'tribe', target_id: tribe.id, amount: GIVEN },
    headers: { ...bearer(owner.token), 'idempotency-key': newKey() },
  });
  expect(gift.statusCode, gift.body).toBe(201);
  const expenseForm = multipartBody(
    [{ field: 'receipts', filename: 'invoice.pdf', contentType: 'application/pdf', data: RECEIPT }],
    {
      amount: '50',
      title: 'Loom repair',
      description: 'Paid from the gifts',
      payee: 'Atlas workshop',
    },
  );
  const proposed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tribes/${tribe.id}/expenses`,
    payload: expenseForm.payload,
    headers: { ...expenseForm.headers, ...bearer(owner.token), 'idempotency-key': newKey() },
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const expenseId = (proposed.json().data.expense as { id: string }).id;
  expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  return {
    owner: { email: owner.email, password: owner.password },
    tribeId: tribe.id,
    tribeName: tribe.name,
    avatarUrl,
    avatar,
    expenseId,
    receipt: RECEIPT,
    balance: BOUGHT - GIVEN,
  };
}

/** The restored site answers as the original did: sign-in, tribe, balance, both media files, a ledger that verifies. */
export async function expectRestored(t: TestApp, site: SiteData): Promise<void> {
  const token = await logIn(t, site.owner);
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  };
  expect((await get('/api/v1/me')).json().data.user.avatar_url).toBe(site.avatarUrl);
  expect((await get(site.avatarUrl)).rawPayload.equals(site.avatar)).toBe(true);
  expect((await get(`/api/v1/tribes/${site.tribeId}`)).json().data.tribe.name).toBe(site.tribeName);
  expect((await get('/api/v1/wallet')).json().data.balance).toBe(site.balance);
  const expense = (await get(`/api/v1/expenses/${site.expenseId}`)).json().data.expense as { receipts: { url: string }[] };
  expect(expense.receipts[0]!.url).toMatch(/^\/media\/private\//);
  expect((await get(expense.receipts[0]!.url)).rawPayload.equals(site.receipt)).toBe(true);
  const ledger = await t.app.inject({ url: '/api/v1/health/ledger' });
  expect(ledger.statusCode, ledger.body).toBe(200);
  expect(ledger.json().data).toMatchObject({ ok: true });
}
