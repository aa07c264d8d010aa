import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buildRegistration, post, signUp, uniqueEmail } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const PERSONAL = 'Your password must not contain your name or email address.';
const BLANK = 'A password cannot be only spaces.';

const register = (fields: Parameters<typeof buildRegistration>[0], headers: Record<string, string> = {}) =>
  post(t, '/api/v1/auth/register', buildRegistration(fields), headers);

describe('passwords that say who you are, or nothing at all', () => {
  it.each([
    ['only spaces', { password: '          ' }, BLANK],
    ['only tabs and spaces', { password: ' \t \t \t \t ' }, BLANK],
    ['the email itself', { email: 'samira.haddad@example.test', password: 'samira.haddad@example.test' }, PERSONAL],
    ['the email local part, in capitals', { email: 'samira.haddad@example.test', password: 'SAMIRA.HADDAD rocks' }, PERSONAL],
    ['the local part before a +tag', { email: 'qasim+tribes@example.test', password: 'hello qasim friend' }, PERSONAL],
    ['the whole name', { name: 'Layla Ben Ali', password: 'i am layla ben ali' }, PERSONAL],
    ['the name without spaces', { name: 'Layla Ben Ali', password: 'LaylaBenAli2026' }, PERSONAL],
    ['one long word of the name', { name: 'Samira Haddad', password: 'forever haddad 77' }, PERSONAL],
  ])('refuses at registration a password of %s', async (_label, fields, message) => {
    const res = await register(fields);
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toEqual([message]);
  });

  it('ignores names and local parts too short to mean anything', async () => {
    expect((await register({ name: 'Al', email: uniqueEmail('al'), password: 'always all along' })).status).toBe(201);
    const jo = `jo@${uniqueEmail('d').split('@')[0]!.replace(/\./g, '-')}.example.test`;
    expect((await register({ name: 'Bo Li', email: jo, password: 'bold lions jog' })).status).toBe(201);
  });

  it('says so in the reader language', async () => {
    const res = await register({ name: 'Samira Haddad', password: 'haddad haddad' }, { 'accept-language': 'fr' });
    expect(res.body.errors.password).toEqual(['Votre mot de passe ne doit contenir ni votre nom ni votre adresse e-mail.']);
    const blank = await register({ password: '         ' }, { 'accept-language': 'ar' });
    expect(blank.body.errors.password).toEqual(['لا يمكن أن تتكوّن كلمة المرور من مسافات فقط.']);
  });

  it('refuses them when changing the password (the name comes from the account)', async () => {
    const user = await signUp(t, { name: 'Amadou Diallo' });
    const change = (password: string) =>
      post(
        t,
        '/api/v1/me/password',
        { current_password: user.password, password, password_confirmation: password },
        bearer(user.token),
      );
    const personal = await change('diallo in the morning');
    expect(personal.status).toBe(400);
    expect(personal.body.errors.password).toEqual([PERSONAL]);
    const local = user.email.split('@')[0]!;
    expect((await change(`${local.toUpperCase()}!!`)).body.errors.password).toEqual([PERSONAL]);
    expect((await change('          ')).body.errors.password).toEqual([BLANK]);
    expect((await change('a sound new passphrase')).status).toBe(200);
  });

  it('refuses them at reset, and the reset token survives the refusal', async () => {
    const user = await signUp(t, { name: 'Amadou Diallo' });
    expect((await post(t, '/api/v1/forgot_password', { email: user.email })).status).toBe(200);
    const code = await t.mail.codeFor(user.email, 2);
    const token = (await post(t, '/api/v1/auth/email/otp/verify', { email: user.email, code, purpose: 'forgot-password' })).body
      .data.reset_token as string;
    const reset = (password: string) =>
      post(t, '/api/v1/reset_password', { email: user.email, reset_token: token, password, password_confirmation: password });
    const personal = await reset('amadou the great');
    expect(personal.status).toBe(400);
    expect(personal.body.errors.password).toEqual([PERSONAL]);
    expect((await reset(`my ${user.email} pass`)).body.errors.password).toEqual([PERSONAL]);
    expect((await reset('a sound new passphrase')).status).toBe(200);
  });
});
