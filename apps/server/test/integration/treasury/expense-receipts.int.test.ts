import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseReceipts } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller, type Method } from '#test/call.js';
import { bearer, buyTokens, createTribe, joinTribe, newKey, signUp, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

// Issue 35, DESIGN 11.7: expense receipts are served only to those who may see the expense, through
// signed, expiring links; nothing under a guessable or permanent public URL.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { token: string; user: { id: string } };

const SIGNED = /^\/media\/private\/receipts\/([0-9a-f]{32})\.(webp|pdf)\?exp=(\d+)&sig=([0-9a-f]{64})$/;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const call = (app: TestApp, method: Method, url: string, who?: Who | null, payload?: object) =>
  caller(() => app, {
    prefix: '/api',
    headers: (m): Record<string, string> => (m === 'POST' ? { 'idempotency-key': newKey() } : {}),
  })(method, url, who, payload);

const media = (url: string, app = t) => app.app.inject({ method: 'GET', url });

/** A tribe with one leader (one approval pays), a member who proposes, an outsider and a donor with tokens. */
async function tribeWithExpense(files: { filename: string; contentType: string; data: Buffer }[]) {
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token);
  const [member, outsider, donor] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
  for (const u of [member!, donor!]) await joinTribe(t, u.token, tribe.id);
  await buyTokens(t, donor!.token, 100);
  const form = multipartBody(
    files.map((f) => ({ field: 'receipts', ...f })),
    { amount: '50', title: 'Paint', description: 'For the school', payee: 'Hardware shop' },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tribes/${tribe.id}/expenses`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(member!.token), 'idempotency-key': newKey() },
  });
  expect(res.statusCode, res.body).toBe(201);
  const expense = res.json().data.expense as { id: string; receipts: { url: string; content_type: string }[] };
  return { leader, tribe, member: member!, outsider: outsider!, donor: donor!, expense };
}

/** Approves and pays the expense (its one leader), after a donation covers it. */
async function payOut(s: Awaited<ReturnType<typeof tribeWithExpense>>) {
  expect((await call(t, 'POST', `/v1/expenses/${s.expense.id}/approve`, s.leader, { note: '' })).status).toBe(200);
  const gift = { target_type: 'tribe', target_id: s.tribe.id, amount: 50 };
  expect((await call(t, 'POST', '/v1/donations', s.donor, gift)).status).toBe(201);
  expect((await call(t, 'POST', `/v1/expenses/${s.expense.id}/pay`, s.leader, { reference: 'CASH-1' })).status).toBe(200);
}

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

describe('expense receipts behind signed, expiring links', () => {
  it('gives each receipt a signed URL that expires within two hours and serves its bytes with it', async () => {
    const s = await tribeWithExpense([
      { filename: 'till.jpg', contentType: 'image/jpeg', data: await photo() },
      { filename: 'invoice.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const [image, pdf] = s.expense.receipts;
    expect(s.expense.receipts.map((r) => r.content_type)).toEqual(['image/webp', 'application/pdf']);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const r of s.expense.receipts) {
      const exp = Number(SIGNED.exec(r.url)?.[3]);
      expect(r.url).toMatch(SIGNED);
      expect(exp - now).toBeGreaterThan(3600);
      expect(exp - now).toBeLessThanOrEqual(7200);
    }

    const shown = await media(image!.url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');
    const file = await media(pdf!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // The same receipt again (a refetch in the same hour): the same link, so a browser may cache it.
    expect((await call(t, 'GET', `/v1/expenses/${s.expense.id}`, s.member)).body.data.expense.receipts).toEqual(
      s.expense.receipts,
    );
  });

  it('refuses the unsigned path, a forged signature, a moved expiry and any guessable public path', async () => {
    const s = await tribeWithExpense([{ filename: 'till.jpg', contentType: 'image/jpeg', data: await photo() }]);
    const other = await tribeWithExpense([{ filename: 'invoice.pdf', contentType: 'application/pdf', data: PDF }]);
    const url = s.expense.receipts[0]!.url;
    const [, name, ext, exp, sig] = SIGNED.exec(url)!;
    const file = `/media/private/receipts/${name}.${ext}`;
    const forged = sig!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const refused = [
      file,
      `${file}?exp=${exp}`,
      `${file}?sig=${sig}`,
      `${file}?exp=${exp}&sig=${forged}`,
      `${file}?exp=${Number(exp) + 3600}&sig=${sig}`,
      // Another receipt's valid signature does not open this one.
      `${file}?${other.expense.receipts[0]!.url.split('?')[1]}`,
      // Where receipts were public before, and the ways one might spell it.
      `/media/receipts/${name}.${ext}`,
      `/media/receipts/${name}.${ext}?exp=${exp}&sig=${sig}`,
      `/media/%72eceipts/${name}.${ext}`,
      `/media//receipts/${name}.${ext}`,
      `/media/posts/../receipts/${name}.${ext}`,
    ];
    // 404, or 403 where the static handler refuses a path's spelling itself: never the file.
    for (const u of refused) expect([403, 404], u).toContain((await media(u)).statusCode);
    expect((await media(url)).statusCode).toBe(200);
  });

  it('lets a link expire: after two hours it answers 404 and a refetch gives a fresh one that works', async () => {
    const s = await tribeWithExpense([{ filename: 'till.jpg', contentType: 'image/jpeg', data: await photo() }]);
    const url = s.expense.receipts[0]!.url;
    expect((await media(url)).statusCode).toBe(200);
    t.clock.advance(2 * 3600 * 1000 + 1000);
    expect((await media(url)).statusCode).toBe(404);
    const fresh = (await call(t, 'GET', `/v1/expenses/${s.expense.id}`, s.member)).body.data.expense.receipts[0].url as string;
    expect(fresh).toMatch(SIGNED);
    expect(fresh).not.toBe(url);
    expect(fresh.split('?')[0]).toBe(url.split('?')[0]);
    expect((await media(fresh)).statusCode).toBe(200);
  });

  it('never gives a receipt link to who may not see the expense; once paid, its public viewers get one', async () => {
    const s = await tribeWithExpense([{ filename: 'till.jpg', contentType: 'image/jpeg', data: await photo() }]);
    const id = s.expense.id;
    // Proposed: an outsider and the public are told nothing of it.
    for (const who of [s.outsider, null]) {
      const one = await call(t, 'GET', `/v1/expenses/${id}`, who);
      expect(one.status).toBe(404);
      const list = await call(t, 'GET', `/v1/tribes/${s.tribe.id}/expenses`, who);
      expect(list.body.data.items).toEqual([]);
      expect(one.text + list.text).not.toContain('/media/');
    }
    // Members see it with its receipt.
    expect((await call(t, 'GET', `/v1/expenses/${id}`, s.donor)).body.data.expense.receipts[0].url).toMatch(SIGNED);

    // Paid: it is on the public ledger, which lists the receipts' count; its viewers may open them, signed.
    await payOut(s);
    const ledger = await call(t, 'GET', `/v1/tribes/${s.tribe.id}/ledger`);
    expect(ledger.body.data.items.find((e: { kind: string }) => e.kind === 'expense').expense.receipts).toBe(1);
    expect(ledger.text).not.toContain('/media/receipts');
    for (const who of [s.outsider, null]) {
      const url = (await call(t, 'GET', `/v1/expenses/${id}`, who)).body.data.expense.receipts[0].url as string;
      expect(url).toMatch(SIGNED);
      expect((await media(url)).statusCode).toBe(200);
    }

    // A banned member sees no expense at all, so no link.
    expect(
      (await call(t, 'PATCH', `/v1/tribes/${s.tribe.id}/members/${s.donor.user.id}`, s.leader, { status: 'banned' })).status,
    ).toBe(200);
    for (const url of [`/v1/expenses/${id}`, `/v1/tribes/${s.tribe.id}/expenses`]) {
      const res = await call(t, 'GET', url, s.donor);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('/media/');
    }
  });

  it('moves receipts stored at public keys before issue 35 to the signed path when the app starts', async () => {
    const s = await tribeWithExpense([{ filename: 'invoice.pdf', contentType: 'application/pdf', data: PDF }]);
    const [, name] = SIGNED.exec(s.expense.receipts[0]!.url)!;
    // As such a receipt was: its row's key public, its file under the public media root.
    const root = t.app.ctx.storage.root!;
    mkdirSync(path.join(root, 'receipts'), { recursive: true });
    renameSync(path.join(root, 'private', 'receipts', `${name}.pdf`), path.join(root, 'receipts', `${name}.pdf`));
    await t.database.db
      .update(expenseReceipts)
      .set({ storageKey: `receipts/${name}.pdf` })
      .where(eq(expenseReceipts.expenseId, s.expense.id));
    // Its old permanent URL is refused even while the file is still there.
    expect((await media(`/media/receipts/${name}.pdf`)).statusCode).toBe(404);

    // The next start (a second node on the same database and data folder) moves the file.
    const next = await buildTestApp({ database: t.database, env: { DATA_DIR: path.dirname(root) } });
    try {
      expect(existsSync(path.join(root, 'receipts', `${name}.pdf`))).toBe(false);
      expect(existsSync(path.join(root, 'private', 'receipts', `${name}.pdf`))).toBe(true);
      const receipt = (await call(next, 'GET', `/v1/expenses/${s.expense.id}`, s.member)).body.data.expense.receipts[0];
      expect(receipt).toEqual({ url: expect.stringMatching(SIGNED), content_type: 'application/pdf' });
      expect(receipt.url).toContain(`/media/private/receipts/${name}.pdf?`);
      const file = await media(receipt.url as string, next);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect((await media(`/media/receipts/${name}.pdf`, next)).statusCode).toBe(404);
    } finally {
      await next.close();
    }
  });
});
