import { treasuryEndpoints } from '@tribes/shared';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import {
  bearer,
  buyTokens,
  createCampaign,
  createTribe,
  joinTribe,
  makeModerator,
  newKey,
  signUp,
  signUpLeader,
} from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';
import { pdfLines } from '#test/pdf-glyphs.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { token: string; user: { id: string } };

const api = caller(() => t, { prefix: '/api' });
/** An answer's status and body only: a replay is compared whole with the first answer. */
const call = async (...args: Parameters<typeof api>) => {
  const { status, body } = await api(...args);
  return { status, body };
};

const propose = (tribeId: string, who: Who | null, payload: object, key = newKey()) =>
  call('POST', `/v1/tribes/${tribeId}/expenses`, who, payload, { 'idempotency-key': key });
const decide = (id: string, who: Who, decision: 'approve' | 'reject', code?: string) =>
  call(
    'POST',
    `/v1/expenses/${id}/${decision}`,
    who,
    { note: decision === 'approve' ? 'approved' : 'rejected' },
    code ? { 'x-two-factor-code': code } : {},
  );
const pay = (id: string, who: Who, key = newKey(), code?: string) =>
  call(
    'POST',
    `/v1/expenses/${id}/pay`,
    who,
    { reference: 'BANK-42' },
    { 'idempotency-key': key, ...(code ? { 'x-two-factor-code': code } : {}) },
  );
const donate = (who: Who, target: { type: 'tribe' | 'campaign'; id: string }, amount: number) =>
  call('POST', '/v1/donations', who, { target_type: target.type, target_id: target.id, amount }, { 'idempotency-key': newKey() });
const promote = (leader: Who, tribeId: string, who: Who) =>
  call('PATCH', `/v1/tribes/${tribeId}/members/${who.user.id}`, leader, { role: 'leader' });

/** A tribe with three leaders, a moderator, a plain member, an outsider and a donor with tokens. */
async function treasuryTribe() {
  const founder = await signUpLeader(t);
  const tribe = await createTribe(t, founder.token);
  const [second, third, moderator, member, outsider, donor] = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
  for (const u of [second!, third!, moderator!, member!, donor!]) await joinTribe(t, u.token, tribe.id);
  expect((await promote(founder, tribe.id, second!)).status).toBe(200);
  expect((await promote(founder, tribe.id, third!)).status).toBe(200);
  await makeModerator(t, founder.token, tribe.id, moderator!.user.id);
  await buyTokens(t, donor!.token, 5000);
  return {
    tribe,
    founder,
    second: second!,
    third: third!,
    moderator: moderator!,
    member: member!,
    outsider: outsider!,
    donor: donor!,
  };
}

const roof = { amount: 300, title: 'Roof repair', description: 'Tiles after the storm', payee: 'Atlas Roofing' };

async function balanceOfTribe(tribeId: string): Promise<number> {
  const res = await call('GET', `/v1/tribes/${tribeId}/ledger`);
  return res.body.data.items.reduce(
    (s: number, e: { direction: string; amount: number }) => s + (e.direction === 'in' ? e.amount : -e.amount),
    0,
  );
}

describe('expenses: propose, approve, pay', () => {
  it('takes a proposal with a receipt photo, two other leaders approve, a leader pays once through the ledger', async () => {
    const s = await treasuryTribe();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const form = multipartBody([{ field: 'receipts', filename: 'quote.jpg', contentType: 'image/jpeg', data: photo }], {
      amount: '300',
      title: roof.title,
      description: roof.description,
      payee: roof.payee,
    });
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${s.tribe.id}/expenses`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(s.member.token), 'idempotency-key': newKey() },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const expense = proposed.json().data.expense;
    expect(expense).toMatchObject({
      status: 'proposed',
      approvals: [],
      required_approvals: 2,
      amount: 300,
      payee: 'Atlas Roofing',
      source: { type: 'tribe', id: s.tribe.id },
      proposer: { id: s.member.user.id },
    });
    // Signed and expiring, never a public path (DESIGN 11.7; expense-receipts.int.test.ts).
    expect(expense.receipts).toEqual([
      { url: expect.stringMatching(/^\/media\/private\/receipts\/\w+\.webp\?exp=\d+&sig=\w+$/), content_type: 'image/webp' },
    ]);

    // A moderator is no leader; approvals are counted one per leader.
    expect((await decide(expense.id, s.moderator, 'approve')).status).toBe(403);
    const one = await decide(expense.id, s.founder, 'approve');
    expect(one.status).toBe(200);
    expect(one.body.data.expense).toMatchObject({
      status: 'proposed',
      approvals: [{ leader: { id: s.founder.user.id }, note: 'approved' }],
    });
    expect((await decide(expense.id, s.founder, 'approve')).body.error_type).toBe('expense_already_decided');
    // Not paid before it is approved.
    expect((await pay(expense.id, s.founder)).body.error_type).toBe('expense_not_approved');
    const two = await decide(expense.id, s.second, 'approve');
    expect(two.body.data.expense.status).toBe('approved');
    expect((await decide(expense.id, s.third, 'approve')).body.error_type).toBe('expense_not_open');

    // The tribe holds nothing yet: 409, nothing moved.
    const broke = await pay(expense.id, s.third);
    expect(broke.status).toBe(409);
    expect(broke.body.error_type).toBe('insufficient_funds');
    expect(broke.body.message).toBe('This fund does not hold enough tokens for the payout.');
    expect((await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 500)).status).toBe(201);

    // A moderator cannot pay; a leader pays; the same key replays; another key finds it paid.
    expect((await pay(expense.id, s.moderator)).status).toBe(403);
    const key = newKey();
    const paid = await pay(expense.id, s.third, key);
    expect(paid.status).toBe(200);
    expect(paid.body.data.expense).toMatchObject({ status: 'paid', reference: 'BANK-42', paid_by: { id: s.third.user.id } });
    expect((await pay(expense.id, s.third, key)).body).toEqual(paid.body);
    expect((await pay(expense.id, s.founder)).body.error_type).toBe('expense_not_approved');
    const transfers = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, expense.id));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ kind: 'expense', amount: 300 });
    expect(await balanceOfTribe(s.tribe.id)).toBe(200);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/treasury`, s.member)).body.data).toEqual({
      balance: 200,
      campaigns: [],
      open_expenses: 0,
      can_propose: true,
      can_decide: false,
    });

    // Every step told to whom it concerns, never to the one who took it.
    const kinds = async (who: Who) =>
      ((await call('GET', '/v1/notifications', who)).body.data.items as { kind: string; subject: { id: string } }[])
        .filter((n) => n.subject.id === expense.id)
        .map((n) => n.kind)
        .sort();
    await expect.poll(() => kinds(s.member)).toEqual(['expense_approved', 'expense_paid']);
    await expect.poll(() => kinds(s.founder)).toEqual(['expense_approved', 'expense_paid', 'expense_proposed']);
    await expect.poll(() => kinds(s.third)).toEqual(['expense_approved', 'expense_proposed']);
    expect(await kinds(s.moderator)).toEqual([]);

    // The public ledger (and its CSV) shows the payout with its title, payee, receipts and approvers.
    const ledger = await call('GET', `/v1/tribes/${s.tribe.id}/ledger`);
    const out = ledger.body.data.items.find((e: { kind: string }) => e.kind === 'expense');
    expect(out).toMatchObject({
      direction: 'out',
      amount: 300,
      expense: {
        id: expense.id,
        title: 'Roof repair',
        payee: 'Atlas Roofing',
        receipts: 1,
        approvers: [{ id: s.founder.user.id }, { id: s.second.user.id }],
      },
    });
    const csv = await t.app.inject({ url: `/api/v1/tribes/${s.tribe.id}/ledger?format=csv` });
    expect(csv.body).toContain('Roof repair,Atlas Roofing,1,');
  });

  it('pays from a campaign of the tribe, and refuses a campaign of another tribe', async () => {
    const s = await treasuryTribe();
    const campaign = await createCampaign(t, s.founder.token, s.tribe.id);
    const otherLeader = await signUpLeader(t);
    const elsewhere = await createTribe(t, otherLeader.token);
    const theirs = await createCampaign(t, otherLeader.token, elsewhere.id);
    // That campaign holds tokens: the refusal is about whose it is, not about an empty fund.
    expect((await donate(s.donor, { type: 'campaign', id: theirs.id }, 400)).status).toBe(201);
    const foreign = await propose(elsewhere.id, null, roof);
    expect(foreign.status).toBe(401);
    // A real campaign of another tribe, another tribe named as the fund, and a tribe's id passed as a campaign.
    for (const source of [
      { type: 'campaign', id: theirs.id },
      { type: 'tribe', id: elsewhere.id },
      { type: 'campaign', id: elsewhere.id },
    ]) {
      const wrong = await propose(s.tribe.id, s.member, { ...roof, source });
      expect(wrong.status, JSON.stringify(source)).toBe(400);
      expect(wrong.body.errors.source).toEqual(['Choose this tribe or one of its campaigns.']);
    }
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.member)).body.data.items).toEqual([]);
    const res = await propose(s.tribe.id, s.member, { ...roof, amount: 120, source: { type: 'campaign', id: campaign.id } });
    expect(res.body.data.expense.source).toEqual({ type: 'campaign', id: campaign.id, name: expect.any(String) });
    const id = res.body.data.expense.id;
    await decide(id, s.founder, 'approve');
    await decide(id, s.second, 'approve');
    // Money given to the tribe does not pay a campaign's expense.
    await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 500);
    expect((await pay(id, s.founder)).body.error_type).toBe('insufficient_funds');
    await donate(s.donor, { type: 'campaign', id: campaign.id }, 150);
    expect((await pay(id, s.founder)).status).toBe(200);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('is rejected by one leader, after which nobody approves or pays it', async () => {
    const s = await treasuryTribe();
    const id = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id;
    const rejected = await decide(id, s.second, 'reject');
    expect(rejected.body.data.expense).toMatchObject({
      status: 'rejected',
      rejection: { leader: { id: s.second.user.id }, note: 'rejected' },
    });
    expect((await decide(id, s.founder, 'approve')).body.error_type).toBe('expense_not_open');
    expect((await pay(id, s.founder)).body.error_type).toBe('expense_not_approved');
    await expect
      .poll(async () => (await call('GET', '/v1/notifications', s.member)).body.data.items.map((n: { kind: string }) => n.kind))
      .toEqual(['expense_rejected']);
  });

  it('needs min(2, leaders) approvals: one in a tribe with a single leader', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const member = await signUp(t);
    await joinTribe(t, member.token, tribe.id);
    const res = await propose(tribe.id, member, roof);
    expect(res.body.data.expense.required_approvals).toBe(1);
    expect((await decide(res.body.data.expense.id, leader, 'approve')).body.data.expense.status).toBe('approved');
  });

  it('pays one expense once however many leaders race to pay it with different keys', async () => {
    const s = await treasuryTribe();
    const id = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id;
    await decide(id, s.founder, 'approve');
    await decide(id, s.second, 'approve');
    await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 1000);
    const results = await Promise.all([s.founder, s.second, s.third, s.founder, s.third].map((who) => pay(id, who)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error_type === 'expense_not_approved')).toBe(true);
    expect(await balanceOfTribe(s.tribe.id)).toBe(700);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });
});

describe('refunds', () => {
  const refund = (id: string, who: Who | null, reason = 'Double payment') =>
    call('POST', `/v1/donations/${id}/refund`, who, { reason });

  it('gives a campaign gift back to the donor once, with its reason on the public ledger, and tells the donor', async () => {
    const s = await treasuryTribe();
    const campaign = await createCampaign(t, s.founder.token, s.tribe.id);
    const gift = await donate(s.donor, { type: 'campaign', id: campaign.id }, 250);
    const donationId = gift.body.data.donation.id as string;
    const wallet = async () => (await call('GET', '/v1/wallet', s.donor)).body.data.balance as number;
    expect(await wallet()).toBe(4750);

    // Only a leader of the tribe refunds: not the donor, a moderator, a member or an outsider.
    for (const who of [s.donor, s.moderator, s.member, s.outsider]) expect((await refund(donationId, who)).status).toBe(403);
    expect((await refund(donationId, null)).status).toBe(401);
    const done = await refund(donationId, s.second);
    expect(done.status).toBe(200);
    expect(done.body.data.refund).toMatchObject({ donation_id: donationId, amount: 250, reason: 'Double payment' });
    expect(await wallet()).toBe(5000);
    expect((await refund(donationId, s.founder)).body.error_type).toBe('donation_refunded');
    const transfers = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, donationId));
    expect(transfers.map((x) => x.kind).sort()).toEqual(['donation', 'refund']);
    expect((await call('GET', `/v1/campaigns/${campaign.id}`)).body.data.campaign.raised).toBe(0);
    expect((await call('GET', `/v1/campaigns/${campaign.id}/daily`)).body.data.items).toEqual([]);
    const items = (await call('GET', `/v1/tribes/${s.tribe.id}/ledger`)).body.data.items as {
      kind: string;
      direction: string;
      message: string;
      donation_id: string;
      refunded: boolean;
    }[];
    expect(items.find((e) => e.kind === 'refund')).toMatchObject({
      direction: 'out',
      message: 'Double payment',
      donation_id: donationId,
    });
    expect(items.find((e) => e.kind === 'donation')).toMatchObject({ refunded: true, donation_id: donationId });
    await expect
      .poll(async () => (await call('GET', '/v1/notifications', s.donor)).body.data.items.map((n: { kind: string }) => n.kind))
      .toEqual(['donation_refunded']);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('refuses with 409 when the fund has spent the gift, and once under racing leaders', async () => {
    const s = await treasuryTribe();
    const gift = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 300)).body.data.donation.id as string;
    const id = (await propose(s.tribe.id, s.member, { ...roof, amount: 200 })).body.data.expense.id;
    await decide(id, s.founder, 'approve');
    await decide(id, s.second, 'approve');
    expect((await pay(id, s.third)).status).toBe(200);
    const spent = await refund(gift, s.founder);
    expect(spent.status).toBe(409);
    expect(spent.body.error_type).toBe('insufficient_funds');
    expect(spent.body.message).toBe('This fund no longer holds enough tokens to refund the donation.');

    const second = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 50)).body.data.donation.id as string;
    const results = await Promise.all([s.founder, s.second, s.third].map((who) => refund(second, who)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('answers 400 without a reason or with a bad id, 404 for an unknown donation', async () => {
    const s = await treasuryTribe();
    const gift = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 5)).body.data.donation.id as string;
    const empty = await refund(gift, s.founder, ' ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('reason');
    expect((await call('POST', `/v1/donations/${gift}/refund`, s.founder, { reason: 'x', extra: 1 })).status).toBe(400);
    expect((await refund('not-a-uuid', s.founder)).status).toBe(400);
    expect((await refund('00000000-0000-4000-8000-000000000000', s.founder)).status).toBe(404);
  });
});

describe('donor receipts and statements', () => {
  const pdfText = async (payload: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(payload) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  };
  const get = (url: string, who: Who | null, lang?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { ...(who ? bearer(who.token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
    });

  it("gives the donor a PDF receipt in the donor's language, naming the refund, and nobody else one", async () => {
    const s = await treasuryTribe();
    const id = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 1234)).body.data.donation.id as string;
    // In the donor's language (their setting, whatever the request's).
    expect((await call('PATCH', '/v1/me', s.donor, { locale: 'fr' })).status).toBeLessThan(300);
    const res = await get(`/v1/donations/${id}/receipt`, s.donor, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${id.slice(0, 8).toUpperCase()}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Reçu de don');
    expect(text).toContain(id.slice(0, 8).toUpperCase());
    expect(text.replace(/\s/g, '')).toContain('1234jetons');
    expect(text).toContain(s.tribe.name);
    // In Arabic, after a refund: the receipt says so, with the reason.
    expect((await call('PATCH', '/v1/me', s.donor, { locale: 'ar' })).status).toBeLessThan(300);
    await call('POST', `/v1/donations/${id}/refund`, s.founder, { reason: 'Wrong tribe' });
    const arabic = await pdfText((await get(`/v1/donations/${id}/receipt`, s.donor, 'en')).rawPayload);
    expect(arabic).toMatch(/إيصال|تبرع/u);
    expect(arabic).toContain('Wrong tribe');
    for (const who of [s.founder, s.member]) expect((await get(`/v1/donations/${id}/receipt`, who)).statusCode).toBe(404);
    expect((await get(`/v1/donations/${id}/receipt`, null)).statusCode).toBe(401);
    expect((await get('/v1/donations/nope/receipt', s.donor)).statusCode).toBe(400);
  });

  it('lays Arabic and Hebrew receipts and statements out from the right: words apart, a Latin name, the amount and the date in place', async () => {
    const s = await treasuryTribe();
    // A right-to-left stretch read from left to right on the page: reversed (the expected lines are
    // written from the bidi rules by hand, not computed by the code under test).
    const rev = (text: string) => [...text].reverse().join('');
    const onPage = (payload: Buffer) =>
      pdfLines(payload)
        .flat()
        .map((l) => l.visual);
    // "28 نوفمبر 2026", "28 בנובמבר 2026": a number, the month in letters, a number.
    const dateParts = (locale: string) => {
      const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(t.clock.now());
      const [, day, month, year] = date.match(/^(\d+) (.+) (\d+)$/u)!;
      return { day: day!, month: month!, year: year! };
    };
    expect((await call('PATCH', '/v1/me', s.donor, { name: 'Zoé Dupont Jr.', locale: 'ar' })).status).toBeLessThan(300);
    const id = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 1250)).body.data.donation.id as string;

    const receipt = (await get(`/v1/donations/${id}/receipt`, s.donor, 'en')).rawPayload;
    const { day, month, year } = dateParts('ar');
    expect(onPage(receipt)).toEqual(
      expect.arrayContaining([
        rev('إيصال تبرع'),
        `${rev('رمز')} 1,250`,
        `${s.tribe.name} ${rev('إلى')}`,
        // The name keeps its full stop at its end, inside the Arabic line.
        `Zoé Dupont Jr. ${rev('المتبرع:')}`,
        `${year} ${rev(month)} ${day} ${rev('التاريخ:')}`,
      ]),
    );
    // Read back by pdf.js (which reverses right-to-left text), the title is two words in order.
    const text = await pdfText(receipt);
    expect(text).toContain('إيصال تبرع');
    expect(text).not.toContain('تبرعإيصال');
    expect(text).toContain('المتبرع:');
    expect(text).toContain('Zoé Dupont Jr.');

    const statement = (await get(`/v1/me/donations/statement?year=${year}`, s.donor, 'en')).rawPayload;
    expect(onPage(statement)).toEqual(
      expect.arrayContaining([
        `${year} ${rev('التبرعات في')}`,
        // Read from the right: the date, the tribe, then the amount.
        `${rev('رمز')} 1,250 · ${s.tribe.name} · ${year} ${rev(month)} ${day}`,
        `${rev('رمز')} 1,250 ${rev('المجموع:')}`,
      ]),
    );
    // لا is one glyph (lam-alef) and still reads back as لا.
    const none = (await get('/v1/me/donations/statement?year=2001', s.donor, 'en')).rawPayload;
    expect(onPage(none)).toContain(`.2001 ${rev('لا تبرعات في')}`);
    expect(await pdfText(none)).toContain('لا تبرعات في');

    expect((await call('PATCH', '/v1/me', s.donor, { locale: 'he' })).status).toBeLessThan(300);
    const hebrew = (await get(`/v1/donations/${id}/receipt`, s.donor, 'en')).rawPayload;
    const he = dateParts('he');
    expect(onPage(hebrew)).toEqual(
      expect.arrayContaining([
        rev('קבלה על תרומה'),
        `${rev('אסימונים')} 1,250`,
        `Zoé Dupont Jr. ${rev('תורם/ת:')}`,
        `${he.year} ${rev(he.month)} ${he.day} ${rev('תאריך:')}`,
      ]),
    );
    expect(await pdfText(hebrew)).toContain('קבלה על תרומה');
  });

  it("sums a year's gifts in the statement, leaving refunded ones out of the total", async () => {
    const s = await treasuryTribe();
    await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 40);
    const back = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 7)).body.data.donation.id as string;
    await call('POST', `/v1/donations/${back}/refund`, s.founder, { reason: 'Oops' });
    const year = t.clock.now().getUTCFullYear();
    const res = await get(`/v1/me/donations/statement?year=${year}`, s.donor, 'en');
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Donations in ${year}`);
    expect(text).toContain('Total: 40 tokens');
    expect(text).toContain('(refunded)');
    const empty = await pdfText((await get(`/v1/me/donations/statement?year=2001`, s.donor, 'en')).rawPayload);
    expect(empty).toContain('No donations in 2001.');
    expect((await get('/v1/me/donations/statement?year=99', s.donor)).statusCode).toBe(400);
    expect((await get('/v1/me/donations/statement', null)).statusCode).toBe(401);
  });
});

describe('who sees and who may act', () => {
  it('shows members every expense, outsiders and the public only paid ones, banned members nothing', async () => {
    const s = await treasuryTribe();
    const open = (await propose(s.tribe.id, s.member, { ...roof, title: 'Open one' })).body.data.expense.id;
    t.clock.advance(1000);
    const done = (await propose(s.tribe.id, s.member, { ...roof, title: 'Paid one', amount: 10 })).body.data.expense.id;
    await decide(done, s.founder, 'approve');
    await decide(done, s.second, 'approve');
    await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 10);
    expect((await pay(done, s.founder)).status).toBe(200);

    expect((await call('GET', `/v1/tribes/${s.tribe.id}/treasury`, s.member)).body.data).toMatchObject({
      open_expenses: 1,
      can_propose: true,
    });
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/treasury`, s.founder)).body.data).toMatchObject({ can_decide: true });
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/treasury`)).body.data).toEqual({
      balance: 0,
      campaigns: [],
      open_expenses: 0,
      can_propose: false,
      can_decide: false,
    });
    const titles = (r: { body: { data: { items: { title: string }[] } } }) => r.body.data.items.map((e) => e.title);
    expect(titles(await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.member))).toEqual(['Paid one', 'Open one']);
    expect(titles(await call('GET', `/v1/tribes/${s.tribe.id}/expenses?status=proposed`, s.member))).toEqual(['Open one']);
    expect(titles(await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.outsider))).toEqual(['Paid one']);
    expect(titles(await call('GET', `/v1/tribes/${s.tribe.id}/expenses`))).toEqual(['Paid one']);
    expect(titles(await call('GET', `/v1/tribes/${s.tribe.id}/expenses?status=proposed`))).toEqual([]);
    expect((await call('GET', `/v1/expenses/${open}`)).status).toBe(404);
    expect((await call('GET', `/v1/expenses/${done}`)).body.data.expense.title).toBe('Paid one');

    // An outsider may not propose; a plain member may not approve; the proposer may not approve their own.
    expect((await propose(s.tribe.id, s.outsider, roof)).status).toBe(403);
    expect((await decide(open, s.member, 'approve')).status).toBe(403);
    const ownId = (await propose(s.tribe.id, s.founder, roof)).body.data.expense.id;
    expect((await decide(ownId, s.founder, 'approve')).status).toBe(403);
    expect((await decide(ownId, s.founder, 'reject')).status).toBe(403);

    expect(
      (await call('PATCH', `/v1/tribes/${s.tribe.id}/members/${s.member.user.id}`, s.founder, { status: 'banned' })).status,
    ).toBe(200);
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.member)).status).toBe(403);
    expect((await call('GET', `/v1/expenses/${done}`, s.member)).status).toBe(403);
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/treasury`, s.member)).status).toBe(403);
    expect((await propose(s.tribe.id, s.member, roof)).status).toBe(403);
  });

  it('asks a leader with 2FA on for a fresh code to approve or pay', async () => {
    const s = await treasuryTribe();
    const enrol = await call('POST', '/v1/me/2fa/totp', s.second);
    const secret = enrol.body.data.secret as string;
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    expect((await call('POST', '/v1/me/2fa/totp/confirm', s.second, { code: await code() })).status).toBe(200);
    nextStep();
    const id = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id;
    const bare = await decide(id, s.second, 'approve');
    expect(bare.status).toBe(403);
    expect(bare.body.error_type).toBe('two_factor_required');
    expect(bare.body.message).toBe('Enter the code from your authenticator app to confirm.');
    const wrong = await decide(id, s.second, 'approve', '000000');
    expect(wrong.body.error_type).toBe('two_factor_invalid');
    const good = await code();
    expect((await decide(id, s.second, 'approve', good)).status).toBe(200);
    // A leader without 2FA needs no code.
    expect((await decide(id, s.founder, 'approve')).body.data.expense.status).toBe('approved');
    // The code is spent: the same one does not pay.
    await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 500);
    expect((await pay(id, s.second, newKey(), good)).body.error_type).toBe('two_factor_invalid');
    nextStep();
    expect((await pay(id, s.second, newKey(), await code())).status).toBe(200);
    expect(await balanceOfTribe(s.tribe.id)).toBe(200);
  });

  it('refuses a leader of another tribe: approving, rejecting, paying and refunding are 403 and change nothing', async () => {
    const s = await treasuryTribe();
    const stranger = await signUpLeader(t);
    await createTribe(t, stranger.token);
    // With two-factor on and a right code: the refusal is the role's, not a missing code's.
    const secret = (await call('POST', '/v1/me/2fa/totp', stranger)).body.data.secret as string;
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    expect((await call('POST', '/v1/me/2fa/totp/confirm', stranger, { code: await code() })).status).toBe(200);
    const open = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id as string;
    const approved = (await propose(s.tribe.id, s.member, { ...roof, title: 'Approved one' })).body.data.expense.id as string;
    await decide(approved, s.founder, 'approve');
    await decide(approved, s.second, 'approve');
    const gift = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 500)).body.data.donation.id as string;
    const refund = (c?: string) =>
      call('POST', `/v1/donations/${gift}/refund`, stranger, { reason: 'Mine now' }, c ? { 'x-two-factor-code': c } : {});

    for (const c of [undefined, 'fresh'] as const) {
      nextStep();
      const fresh = c ? await code() : undefined;
      for (const res of [
        await decide(open, stranger, 'approve', fresh),
        await decide(open, stranger, 'reject', fresh),
        await pay(approved, stranger, newKey(), fresh),
        await refund(fresh),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', message: 'You do not have permission to perform this action.' });
      }
    }
    expect((await call('GET', `/v1/expenses/${open}`, s.member)).body.data.expense).toMatchObject({
      status: 'proposed',
      approvals: [],
      rejection: null,
    });
    expect((await call('GET', `/v1/expenses/${approved}`, s.member)).body.data.expense).toMatchObject({
      status: 'approved',
      paid_at: null,
    });
    expect(await balanceOfTribe(s.tribe.id)).toBe(500);
    const transfers = await t.database.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.referenceId, gift));
    expect(transfers.map((x) => x.kind)).toEqual(['donation']);
  });

  it('asks a leader with 2FA on for a fresh code to refund, and spends it', async () => {
    const s = await treasuryTribe();
    const secret = (await call('POST', '/v1/me/2fa/totp', s.second)).body.data.secret as string;
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    expect((await call('POST', '/v1/me/2fa/totp/confirm', s.second, { code: await code() })).status).toBe(200);
    nextStep();
    const gift = async () => (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 40)).body.data.donation.id as string;
    const refund = (id: string, c?: string) =>
      call('POST', `/v1/donations/${id}/refund`, s.second, { reason: 'Sent twice' }, c ? { 'x-two-factor-code': c } : {});
    const wallet = async () => (await call('GET', '/v1/wallet', s.donor)).body.data.balance as number;
    const first = await gift();
    expect(await wallet()).toBe(4960);

    const bare = await refund(first);
    expect(bare.status).toBe(403);
    expect(bare.body.error_type).toBe('two_factor_required');
    expect(bare.body.message).toBe('Enter the code from your authenticator app to confirm.');
    const wrong = await refund(first, '000000');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error_type).toBe('two_factor_invalid');
    expect(await wallet()).toBe(4960);
    const good = await code();
    expect((await refund(first, good)).status).toBe(200);
    expect(await wallet()).toBe(5000);
    // The code is spent: it does not refund a second gift; the next step's code does.
    const second = await gift();
    expect((await refund(second, good)).body.error_type).toBe('two_factor_invalid');
    nextStep();
    expect((await refund(second, await code())).status).toBe(200);
    // A leader without 2FA needs no code.
    expect((await call('POST', `/v1/donations/${await gift()}/refund`, s.founder, { reason: 'x' })).status).toBe(200);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it("counts wrong refund codes with wrong sign-in codes toward the account's one cap (DESIGN 11.7)", async () => {
    const s = await treasuryTribe();
    const secret = (await call('POST', '/v1/me/2fa/totp', s.second)).body.data.secret as string;
    const code = (offset = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset });
    expect((await call('POST', '/v1/me/2fa/totp/confirm', s.second, { code: await code() })).status).toBe(200);
    t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    const gift = (await donate(s.donor, { type: 'tribe', id: s.tribe.id }, 40)).body.data.donation.id as string;
    const refund = (c: string) =>
      call('POST', `/v1/donations/${gift}/refund`, s.second, { reason: 'Sent twice' }, { 'x-two-factor-code': c });
    const wrong = await code(600);
    // Five wrong step-up codes, then five wrong sign-in codes: ten on one account.
    for (let i = 0; i < 5; i += 1) expect((await refund(wrong)).body.error_type).toBe('two_factor_invalid');
    const login = await call('POST', '/v1/auth/login', null, { email: s.second.email, password: s.second.password });
    for (let i = 0; i < 5; i += 1) {
      const res = await call('POST', '/v1/auth/2fa/verify', null, { challenge_id: login.body.data.challenge_id, code: wrong });
      expect(res.status).toBe(400);
    }
    // The right code is refused too while the account is capped, for a refund as for a sign-in; nothing moved.
    const capped = await refund(await code());
    expect(capped.status).toBe(429);
    expect(capped.body.status).toBe('error');
    const again = await call('POST', '/v1/auth/login', null, { email: s.second.email, password: s.second.password });
    const verify = await call('POST', '/v1/auth/2fa/verify', null, {
      challenge_id: again.body.data.challenge_id,
      code: await code(),
    });
    expect(verify.status).toBe(429);
    expect((await call('GET', '/v1/wallet', s.donor)).body.data.balance).toBe(4960);
    // The owner is told by mail.
    await expect
      .poll(() => t.mail.forAddress(s.second.email).map((m) => m.subject))
      .toContain('Too many wrong codes on your Tribes account');
    // Fifteen minutes later the right code refunds.
    t.clock.advance(15 * 60 * 1000);
    expect((await refund(await code())).status).toBe(200);
  });

  it("counts wrong step-up codes toward the account's cap on second-factor guesses (DESIGN 11.7)", async () => {
    const s = await treasuryTribe();
    const secret = (await call('POST', '/v1/me/2fa/totp', s.second)).body.data.secret as string;
    const code = (offset = 0) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offset });
    expect((await call('POST', '/v1/me/2fa/totp/confirm', s.second, { code: await code() })).status).toBe(200);
    t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    const id = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id;
    const wrong = await code(600);
    for (let i = 0; i < 10; i += 1)
      expect((await decide(id, s.second, 'approve', wrong)).body.error_type).toBe('two_factor_invalid');
    const right = await decide(id, s.second, 'approve', await code());
    expect(right.status).toBe(429);
    // The same counter holds the account's sign-in.
    const login = await call('POST', '/v1/auth/login', null, { email: s.second.email, password: s.second.password });
    const verify = await call('POST', '/v1/auth/2fa/verify', null, {
      challenge_id: login.body.data.challenge_id,
      code: await code(),
    });
    expect(verify.status).toBe(429);
  });
});

describe('bad input', () => {
  it('answers 400 with the field, 401, 404 and 415 in the envelope, and stores nothing', async () => {
    const s = await treasuryTribe();
    const noKey = await call('POST', `/v1/tribes/${s.tribe.id}/expenses`, s.member, roof);
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors).toHaveProperty('idempotency_key');
    for (const [body, field] of [
      [{ ...roof, amount: 0 }, 'amount'],
      [{ ...roof, amount: 1.5 }, 'amount'],
      [{ ...roof, title: ' ' }, 'title'],
      [{ ...roof, payee: '' }, 'payee'],
      [{ ...roof, title: 'x'.repeat(121) }, 'title'],
      [{ ...roof, extra: 1 }, 'extra'],
      [{ ...roof, source: { type: 'bank', id: s.tribe.id } }, 'source.type'],
    ] as const) {
      const res = await propose(s.tribe.id, s.member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const text = multipartBody(
      [{ field: 'receipts', filename: 'r.txt', contentType: 'text/plain', data: Buffer.from('hello') }],
      {
        amount: '5',
        title: 'x',
        payee: 'y',
      },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${s.tribe.id}/expenses`,
      payload: text.payload,
      headers: { ...text.headers, ...bearer(s.member.token), 'idempotency-key': newKey() },
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('A receipt must be a photo (JPEG, PNG, WebP, GIF or AVIF) or a PDF.');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const six = multipartBody(
      Array.from({ length: 6 }, (_, i) => ({
        field: 'receipts',
        filename: `r${i}.pdf`,
        contentType: 'application/pdf',
        data: pdf,
      })),
      { amount: '5', title: 'x', payee: 'y' },
    );
    const many = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${s.tribe.id}/expenses`,
      payload: six.payload,
      headers: { ...six.headers, ...bearer(s.member.token), 'idempotency-key': newKey() },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.receipts).toEqual(['Attach at most 5 receipts.']);
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.member)).body.data.items).toEqual([]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await decide(unknown, s.founder, 'approve')).status).toBe(404);
    expect((await call('POST', `/v1/expenses/not-a-uuid/approve`, s.founder, {})).status).toBe(400);
    expect((await call('POST', `/v1/expenses/${unknown}/approve`, null, {})).status).toBe(401);
    const id = (await propose(s.tribe.id, s.member, roof)).body.data.expense.id;
    expect((await call('POST', `/v1/expenses/${id}/approve`, s.founder, { note: 'x'.repeat(501) })).status).toBe(400);
    const noRef = await call('POST', `/v1/expenses/${id}/pay`, s.founder, {}, { 'idempotency-key': newKey() });
    expect(noRef.status).toBe(400);
    expect(noRef.body.errors).toHaveProperty('reference');
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/expenses?status=lost`)).status).toBe(400);
    expect((await call('GET', `/v1/tribes/no-such-tribe/expenses`)).status).toBe(404);
  });

  it('replays a proposal sent twice with one key, and refuses the key with another body', async () => {
    const s = await treasuryTribe();
    const key = newKey();
    const first = await propose(s.tribe.id, s.member, roof, key);
    expect(first.status).toBe(201);
    expect(await propose(s.tribe.id, s.member, roof, key)).toEqual(first);
    expect((await propose(s.tribe.id, s.member, { ...roof, amount: 301 }, key)).body.error_type).toBe('idempotency_conflict');
    expect((await call('GET', `/v1/tribes/${s.tribe.id}/expenses`, s.member)).body.data.items).toHaveLength(1);
  });

  it('documents every treasury operation in the OpenAPI document as the contract declares it', async () => {
    // The receipts are PDFs, not the envelope: their answers have their own content type.
    await expectOperationsMatch(t.app, { treasury: treasuryEndpoints }, (e, op) =>
      expect(op.responses['2XX']?.content, e.path).toHaveProperty([e.produces!]),
    );
  });
});
