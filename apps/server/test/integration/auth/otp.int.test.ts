import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, buildRegistration, post, signUp, uniqueEmail } from '#test/factories.js';

let t: TestApp;
/** The same app with the send limits at their real values (RATE_LIMIT_SCALE=1). */
let strict: TestApp;
beforeAll(async () => {
  [t, strict] = await Promise.all([buildTestApp(), buildTestApp({ rateLimitScale: 1 })]);
});
afterAll(async () => Promise.all([t.close(), strict.close()]));

const verify = (email: string, code: string, purpose = 'email-verification') =>
  post(t, '/api/v1/auth/email/otp/verify', { email, code, purpose });
const send = (email: string, purpose = 'email-verification', app = t) =>
  post(app, '/api/v1/auth/email/otp/send', { email, purpose });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function register() {
  const reg = buildRegistration();
  await post(t, '/api/v1/auth/register', reg);
  return { ...reg, code: await t.mail.codeFor(reg.email) };
}

describe('email verification codes', () => {
  it('verifies the email with the mailed code and signs the user in', async () => {
    const reg = await register();
    const res = await verify(reg.email, reg.code);
    expect(res.status).toBe(200);
    expect(res.body.data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.user).toMatchObject({
      email: reg.email,
      email_verified: true,
      profile: { last_step: 'email-verified' },
    });
    const me = await t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${res.body.data.auth_token}` } });
    expect(me.json().data.user.email).toBe(reg.email);
  });

  it('refuses a code that was already used', async () => {
    const reg = await register();
    expect((await verify(reg.email, reg.code)).status).toBe(200);
    const again = await verify(reg.email, reg.code);
    expect(again.status).toBe(400);
    expect(again.body.errors.code).toEqual(['This code is invalid or has expired. Ask for a new one.']);
  });

  it('refuses a code after its 10 minutes', async () => {
    const reg = await register();
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await verify(reg.email, reg.code);
    expect(res.status).toBe(400);
    expect(res.body.errors.code).toEqual(['This code is invalid or has expired. Ask for a new one.']);
  });

  it('accepts a code just before expiry', async () => {
    const reg = await register();
    t.clock.advance(9 * 60 * 1000);
    expect((await verify(reg.email, reg.code)).status).toBe(200);
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const reg = await register();
    for (let i = 1; i <= 4; i++) {
      const res = await verify(reg.email, wrongCode(reg.code));
      expect(res.body.errors.code).toEqual(['This code is invalid or has expired. Ask for a new one.']);
    }
    const fifth = await verify(reg.email, wrongCode(reg.code));
    expect(fifth.body.errors.code).toEqual(['Too many wrong tries. Ask for a new code.']);
    const right = await verify(reg.email, reg.code);
    expect(right.status).toBe(400);
    expect(right.body.errors.code).toEqual(['Too many wrong tries. Ask for a new code.']);
  });

  it('counts parallel guesses: at most 5 of 20 are even compared', async () => {
    const reg = await register();
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(reg.code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(guesses.map((g) => verify(reg.email, g)));
    expect(results.every((r) => r.status === 400)).toBe(true);
    expect((await verify(reg.email, reg.code)).body.errors.code).toEqual(['Too many wrong tries. Ask for a new code.']);
  });

  it('binds a code to its purpose and its email', async () => {
    const reg = await register();
    expect((await verify(reg.email, reg.code, 'forgot-password')).status).toBe(400);
    const other = await register();
    expect((await verify(other.email, reg.code)).status).toBe(400);
    expect((await verify(reg.email, reg.code)).status).toBe(200);
  });

  it('voids the older code when a new one is sent', async () => {
    const reg = await register();
    t.clock.advance(61 * 1000);
    expect((await send(reg.email)).status).toBe(200);
    const newer = await t.mail.codeFor(reg.email, 2);
    if (newer !== reg.code) expect((await verify(reg.email, reg.code)).status).toBe(400);
    expect((await verify(reg.email, newer)).status).toBe(200);
  });

  it('sends at most one code per 60 s and 5 per hour per email and purpose, with Retry-After', async () => {
    const reg = buildRegistration();
    await post(strict, '/api/v1/auth/register', reg);
    const tooSoon = await send(reg.email, 'email-verification', strict);
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(tooSoon.body).toMatchObject({ status: 'error' });
    expect(tooSoon.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    for (let i = 0; i < 4; i++) {
      strict.clock.advance(61 * 1000);
      expect((await send(reg.email, 'email-verification', strict)).status).toBe(200);
    }
    strict.clock.advance(61 * 1000);
    const sixth = await send(reg.email, 'email-verification', strict);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    // Another purpose has its own budget.
    expect((await send(reg.email, 'forgot-password', strict)).status).toBe(200);
    expect((await send(reg.email, 'login', strict)).status).toBe(200);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await send(email, 'email-verification', strict);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe((await send(uniqueEmail('ghost2'), 'email-verification', strict)).body.message);
    expect((await send(email, 'email-verification', strict)).status).toBe(429);
    expect((await send(email, 'login', strict)).body).toEqual(res.body);
    await mailQueueDrained(strict.app);
    expect(strict.mail.forAddress(email)).toHaveLength(0);
  });

  it('mails no verification code to an address that is already verified', async () => {
    const user = await signUp(t);
    t.clock.advance(61 * 1000);
    expect((await send(user.email)).status).toBe(200);
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(user.email)).toHaveLength(1);
  });

  it.each([
    [{ email: 'a@b.co', code: '12345', purpose: 'email-verification' }, 'code', 'The code has 6 digits.'],
    [{ email: 'a@b.co', code: 'abcdef', purpose: 'email-verification' }, 'code', 'The code has 6 digits.'],
    [
      { email: 'a@b.co', code: '123456', purpose: 'other' },
      'purpose',
      'Must be one of: email-verification, forgot-password, login.',
    ],
    [{ code: '123456', purpose: 'email-verification' }, 'email', 'This field is required.'],
  ])('answers 400 to a malformed verify body %#', async (payload, field, message) => {
    const res = await post(t, '/api/v1/auth/email/otp/verify', payload);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('signs an unverified account in with a login code, and verifies its email', async () => {
    const reg = await register();
    expect((await send(reg.email, 'login')).status).toBe(200);
    const code = await t.mail.codeFor(reg.email, 2);
    const res = await verify(reg.email, code, 'login');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Signed in successfully.');
    expect(res.body.data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.user).toMatchObject({
      email: reg.email,
      email_verified: true,
      profile: { last_step: 'email-verified' },
    });
    // The verification code mailed at sign-up was for another purpose and is still the only one of its kind.
    expect((await verify(reg.email, reg.code)).status).toBe(200);
  });

  it('mails the code in the account language with text and HTML parts', async () => {
    const reg = buildRegistration({ locale: 'fr' });
    await post(t, '/api/v1/auth/register', reg);
    const mail = await t.mail.waitFor(reg.email);
    expect(mail.subject).toMatch(/^Votre code de vérification Tribes : \d{6}$/);
    expect(mail.text).toContain('Utilisez ce code');
    expect(mail.html).toContain('lang="fr"');
    const ar = buildRegistration({ locale: 'ar' });
    await post(t, '/api/v1/auth/register', ar);
    expect((await t.mail.waitFor(ar.email)).html).toContain('dir="rtl"');
  });
});

describe('an unverified address belongs to whoever proves the mailbox (DESIGN 11.7)', () => {
  const login = (email: string, password: string) => post(t, '/api/v1/auth/login', { email, password });
  const me = async (token: string) => (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).statusCode;

  it("drops a squatter's password and sessions when the owner first signs in with an emailed code", async () => {
    // Someone registers the owner's address with a password of their own and never verifies it.
    const squat = buildRegistration({ password: 'the squatter knows this one' });
    const registered = await post(t, '/api/v1/auth/register', squat);
    expect(registered.status).toBe(201);
    await t.mail.waitFor(squat.email); // the verification code, unread: the squatter has no access to the mailbox
    // No session can be had before verification; one made directly stands for any that could.
    const squatterToken = await t.app.ctx.tokens.issue(registered.body.data.user.id as string, 'squatter');
    expect(await me(squatterToken)).toBe(200);

    // The owner of the mailbox signs in with a code mailed to it.
    expect((await send(squat.email, 'login')).status).toBe(200);
    const signedIn = await verify(squat.email, await t.mail.codeFor(squat.email, 2), 'login');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email_verified).toBe(true);

    const withSquattersPassword = await login(squat.email, squat.password);
    expect(withSquattersPassword.status).toBe(400);
    expect(withSquattersPassword.body.error_type).toBe('validation_error');
    expect(await me(squatterToken)).toBe(401);
    expect(await me(signedIn.body.data.auth_token as string)).toBe(200);
  });

  it('keeps the password of a sign-up verified with its code, and of an account verified before', async () => {
    const reg = await register();
    expect((await verify(reg.email, reg.code)).status).toBe(200);
    expect((await login(reg.email, reg.password)).status).toBe(200);
    // A later sign-in by emailed code (the address already proved) leaves the password alone too.
    expect((await send(reg.email, 'login')).status).toBe(200);
    expect((await verify(reg.email, await t.mail.codeFor(reg.email, 2), 'login')).status).toBe(200);
    expect((await login(reg.email, reg.password)).status).toBe(200);
  });
});
