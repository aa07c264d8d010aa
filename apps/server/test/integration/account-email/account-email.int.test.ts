import { identityEndpoints, type EndpointData } from '@tribes/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, users } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, post, signUp, uniqueEmail } from '#test/factories.js';

let t: TestApp;
/** The same app with the limits at their real values (RATE_LIMIT_SCALE=1). */
let strict: TestApp;
beforeAll(async () => {
  [t, strict] = await Promise.all([buildTestApp(), buildTestApp({ rateLimitScale: 1 })]);
});
afterAll(async () => Promise.all([t.close(), strict.close()]));

const INVALID = 'This code is invalid or has expired. Ask for a new one.';
const BURNT = 'Too many wrong tries. Ask for a new code.';

const sendCode = (token: string, email: string, app = t, headers: Record<string, string> = {}) =>
  post(app, '/api/v1/me/email', { email }, { ...bearer(token), ...headers });
const confirm = (token: string, email: string, code: string, app = t) =>
  post(app, '/api/v1/me/email/confirm', { email, code }, bearer(token));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** An account made from a phone identity: no email, no password (as Firebase phone sign-up leaves it). */
async function phoneAccount(app = t, locale = 'en') {
  const account = await signUp(app);
  const phone = `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await app.database.db
    .update(users)
    .set({ email: null, emailVerifiedAt: null, passwordHash: null, phone, locale })
    .where(eq(users.id, account.user.id));
  return { token: account.token, id: account.user.id, phone };
}

/** Sends a code to a new address for the account and reads it from the mail that arrived there. */
async function codeFor(token: string, email: string, app = t) {
  const before = app.mail.forAddress(email).length;
  const res = await sendCode(token, email, app);
  expect(res.status).toBe(200);
  return app.mail.codeFor(email, before + 1);
}

describe('POST /v1/me/email and /v1/me/email/confirm', () => {
  it('adds an email to a phone account: the code goes to the new address, then the account signs in with emailed codes', async () => {
    const account = await phoneAccount(t, 'fr');
    const email = uniqueEmail('added');
    const sent = await sendCode(account.token, email);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'success', message: `We sent a code to ${email}.`, data: {} });
    const mail = await t.mail.waitFor(email);
    // In the account's language (French), not the request's.
    expect(mail.subject).toMatch(/^Votre code de confirmation d’adresse e-mail Tribes : \d{6}$/);
    const code = await t.mail.codeFor(email);

    const done = await confirm(account.token, email, code);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your email address has been saved.');
    expect(done.body.data.user).toMatchObject({ id: account.id, email, email_verified: true, phone: account.phone });

    // The cached session sees the change at once, and the address is a sign-in method now.
    const me = await t.app.inject({ url: '/api/v1/me', headers: bearer(account.token) });
    expect(me.json().data.user.email).toBe(email);
    const methods = await t.app.inject({ url: '/api/v1/me/identities', headers: bearer(account.token) });
    const list = (methods.json().data as EndpointData<typeof identityEndpoints.list>).identities;
    expect(list.find((m) => m.kind === 'email')).toMatchObject({ email });

    expect((await post(t, '/api/v1/auth/email/otp/send', { email, purpose: 'login' })).status).toBe(200);
    const loginCode = await t.mail.codeFor(email, 2);
    const signedIn = await post(t, '/api/v1/auth/email/otp/verify', { email, code: loginCode, purpose: 'login' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.id).toBe(account.id);
  });

  it('changes the email of an account that has one and tells the former address, masked, in the account’s language', async () => {
    const account = await signUp(t);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/settings',
      headers: bearer(account.token),
      payload: { language: 'ar' },
    });
    const next = `zayna.${Date.now()}@example.test`;
    const code = await codeFor(account.token, next);
    const done = await confirm(account.token, next, code);
    expect(done.status).toBe(200);
    expect(done.body.data.user).toMatchObject({ email: next, email_verified: true });

    const notice = await t.mail.waitFor(account.email, 2);
    expect(notice.subject).toBe('تغيّر عنوان البريد الإلكتروني لحسابك في Tribes');
    expect(notice.text).toContain('za***@example.test');
    expect(notice.text).not.toContain(next);
    expect(notice.html).toContain('dir="rtl"');
    // The new address has no such notice; the password now goes with the new address only.
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(next)).toHaveLength(1);
    expect((await post(t, '/api/v1/auth/login', { email: next, password: account.password })).status).toBe(200);
    expect((await post(t, '/api/v1/auth/login', { email: account.email, password: account.password })).status).toBe(400);
  });

  it('does not tell a former address the account never verified (it may be a stranger’s)', async () => {
    const account = await signUp(t);
    await t.app.ctx.usersRepo.update(account.user.id, { emailVerifiedAt: null });
    const next = uniqueEmail('replaces-unverified');
    const code = await codeFor(account.token, next);
    expect((await confirm(account.token, next, code)).status).toBe(200);
    // The verified account of the other tests gets its notice as the 2nd mail; here only the sign-up code arrived.
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(account.email)).toHaveLength(1);
  });

  it('refuses an address another account has (409 email_taken, as sign-up does) and the account’s own (409 email_unchanged)', async () => {
    const account = await phoneAccount();
    const other = await signUp(t);
    for (const call of [sendCode(account.token, other.email), confirm(account.token, other.email, '123456')]) {
      const res = await call;
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: 'error', error_type: 'email_taken', message: 'This email is already registered.' });
    }
    // Upper case and spaces are the same address.
    const own = await sendCode(other.token, `  ${other.email.toUpperCase()} `);
    expect(own.status).toBe(409);
    expect(own.body.error_type).toBe('email_unchanged');
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(other.email)).toHaveLength(1);
  });

  it('answers 409 at confirmation when another account took the address meanwhile, and keeps the code', async () => {
    const account = await phoneAccount();
    const email = uniqueEmail('contested');
    const code = await codeFor(account.token, email);
    const rival = await post(t, '/api/v1/auth/register', {
      name: 'Rival',
      email,
      password: 'a long enough passphrase',
      password_confirmation: 'a long enough passphrase',
    });
    expect(rival.status).toBe(201);
    const res = await confirm(account.token, email, code);
    expect(res.status).toBe(409);
    expect(res.body.error_type).toBe('email_taken');
    const [row] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.purpose, `email-change:${account.id}`));
    expect(row).toMatchObject({ email, consumedAt: null, tries: 0 });
  });

  it('refuses bad input with a 400 on the field, and callers who are not signed in with a 401', async () => {
    const account = await phoneAccount();
    const bad = await sendCode(account.token, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      status: 'error',
      error_type: 'validation_error',
      errors: { email: ['Enter a valid email address.'] },
    });
    const extra = await post(t, '/api/v1/me/email', { email: uniqueEmail(), name: 'x' }, bearer(account.token));
    expect(extra.status).toBe(400);
    expect((await post(t, '/api/v1/me/email', {}, bearer(account.token))).body.errors.email).toBeDefined();
    const badCode = await confirm(account.token, uniqueEmail(), '12ab');
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors.code).toEqual(['The code has 6 digits.']);
    // Messages in the request's language.
    const arabic = await sendCode(account.token, 'nope', t, { 'accept-language': 'ar' });
    expect(arabic.body.errors.email[0]).not.toBe('Enter a valid email address.');

    for (const [url, payload] of [
      ['/api/v1/me/email', { email: uniqueEmail() }],
      ['/api/v1/me/email/confirm', { email: uniqueEmail(), code: '123456' }],
    ] as const) {
      const anon = await post(t, url, payload);
      expect(anon.status).toBe(401);
      expect(anon.body.status).toBe('error');
      expect((await post(t, url, payload, bearer('not-a-token'))).status).toBe(401);
    }
  });

  it('binds a code to the account that asked: another account cannot spend it, and its tries do not count', async () => {
    const owner = await phoneAccount();
    const thief = await phoneAccount();
    const email = uniqueEmail('bound');
    const code = await codeFor(owner.token, email);
    for (let i = 0; i < 6; i++) {
      const stolen = await confirm(thief.token, email, code);
      expect(stolen.status).toBe(400);
      expect(stolen.body.errors.code).toEqual([INVALID]);
    }
    const mine = await confirm(owner.token, email, code);
    expect(mine.status).toBe(200);
    expect(mine.body.data.user.email).toBe(email);
  });

  it('spends a code once, and refuses it after its 10 minutes', async () => {
    const account = await phoneAccount();
    const first = uniqueEmail('first');
    const firstCode = await codeFor(account.token, first);
    expect((await confirm(account.token, first, firstCode)).status).toBe(200);
    const second = uniqueEmail('second');
    expect((await confirm(account.token, second, await codeFor(account.token, second))).status).toBe(200);
    // The first address is free again, but its code was spent.
    const replay = await confirm(account.token, first, firstCode);
    expect(replay.status).toBe(400);
    expect(replay.body.errors.code).toEqual([INVALID]);

    const late = uniqueEmail('late');
    const lateCode = await codeFor(account.token, late);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await confirm(account.token, late, lateCode);
    expect(expired.status).toBe(400);
    expect(expired.body.errors.code).toEqual([INVALID]);
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards; a new code works', async () => {
    const account = await phoneAccount();
    const email = uniqueEmail('burn');
    const code = await codeFor(account.token, email);
    for (let i = 1; i <= 4; i++)
      expect((await confirm(account.token, email, wrongCode(code))).body.errors.code).toEqual([INVALID]);
    expect((await confirm(account.token, email, wrongCode(code))).body.errors.code).toEqual([BURNT]);
    expect((await confirm(account.token, email, code)).body.errors.code).toEqual([BURNT]);

    t.clock.advance(61 * 1000);
    const fresh = await codeFor(account.token, email);
    expect((await confirm(account.token, email, fresh)).status).toBe(200);
  });

  it('limits sends like the other codes: one a minute per address, and at most 10 asked an hour per account', async () => {
    const account = await phoneAccount(strict);
    const email = uniqueEmail('limited');
    expect((await sendCode(account.token, email, strict)).status).toBe(200);
    const again = await sendCode(account.token, email, strict);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    await strict.mail.waitFor(email);

    // The refused send counted toward the account's 10 an hour as well: 8 more, then the 11th asking is refused.
    for (let i = 0; i < 8; i++) expect((await sendCode(account.token, uniqueEmail('many'), strict)).status).toBe(200);
    const eleventh = uniqueEmail('eleventh');
    const over = await sendCode(account.token, eleventh, strict);
    expect(over.status).toBe(429);
    expect(over.body.status).toBe('error');
    await mailQueueDrained(strict.app);
    expect(strict.mail.forAddress(eleventh)).toHaveLength(0);
  });

  it('limits sends per address whichever account asks: a second account naming the same address within the minute gets 429', async () => {
    const [first, second] = [await phoneAccount(strict), await phoneAccount(strict)];
    const email = uniqueEmail('stranger');
    expect((await sendCode(first.token, email, strict)).status).toBe(200);
    await strict.mail.waitFor(email);
    const again = await sendCode(second.token, email, strict);
    expect(again.status).toBe(429);
    expect(again.body.status).toBe('error');
    await mailQueueDrained(strict.app);
    expect(strict.mail.forAddress(email)).toHaveLength(1);
  });
});
