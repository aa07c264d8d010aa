import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { buildRegistration, post, uniqueEmail } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('POST /v1/auth/register', () => {
  it('creates an unverified account without a token and mails a verification code', async () => {
    const reg = buildRegistration({ email: '  Mixed.Case@Example.TEST ' });
    const res = await post(t, '/api/v1/auth/register', reg);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
    expect(res.body.data.auth_token).toBeUndefined();
    expect(res.body.data.user).toMatchObject({
      email: 'mixed.case@example.test',
      email_verified: false,
      name: 'Test Person',
      role: null,
    });
    expect(res.body.data.user).not.toHaveProperty('password_hash');
    const mail = await t.mail.waitFor('mixed.case@example.test');
    expect(mail.subject).toMatch(/\d{6}/);
    expect(mail.html).toContain('<html');
  });

  it('refuses an email that is already registered, in the same envelope', async () => {
    const reg = buildRegistration();
    expect((await post(t, '/api/v1/auth/register', reg)).status).toBe(201);
    const again = await post(t, '/api/v1/auth/register', { ...reg, email: reg.email.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 'error', error_type: 'validation_error', message: 'Validation failed.' });
    expect(again.body.errors.email).toEqual(['This email is already registered.']);
  });

  it('lets exactly one of two racing sign-ups with one address win', async () => {
    const reg = buildRegistration();
    const [a, b] = await Promise.all([post(t, '/api/v1/auth/register', reg), post(t, '/api/v1/auth/register', reg)]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
  });

  it.each([
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', 'Must be at least 8 characters.'],
    [
      'a common password',
      { password: 'password123', password_confirmation: 'password123' },
      'password',
      'This password is too common. Choose another one.',
    ],
    [
      'a too long password',
      { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
      'password',
      'Must be at most 128 characters.',
    ],
    [
      'a mismatched confirmation',
      { password_confirmation: 'something else entirely' },
      'password_confirmation',
      'The passwords do not match.',
    ],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    ['an empty name', { name: '   ' }, 'name', 'This field is required.'],
    ['an unknown locale', { locale: 'de' }, 'locale', 'Must be one of: en, ar, fr, he, es.'],
  ])('answers 400 with a field error for %s', async (_label, overrides, field, message) => {
    const res = await post(t, '/api/v1/auth/register', buildRegistration(overrides as object));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('rejects unknown fields', async () => {
    const res = await post(t, '/api/v1/auth/register', { ...buildRegistration(), is_admin: true });
    expect(res.status).toBe(400);
    expect(res.body.errors.is_admin).toEqual(['This field is not allowed.']);
  });

  it('localises messages from Accept-Language', async () => {
    const res = await post(t, '/api/v1/auth/register', { email: 'x' }, { 'accept-language': 'ar-MA,ar;q=0.9' });
    expect(res.body.message).toBe('فشل التحقق من البيانات.');
    expect(res.body.errors.email).toEqual(['أدخل بريدًا إلكترونيًا صالحًا.']);
    const he = await post(t, '/api/v1/auth/register', {}, { 'accept-language': 'he' });
    expect(he.body.errors.name).toEqual(['שדה זה הוא חובה.']);
  });
});

describe('POST /v1/check_email_exists', () => {
  it('tells whether an address has an account', async () => {
    const reg = buildRegistration();
    await post(t, '/api/v1/auth/register', reg);
    expect((await post(t, '/api/v1/check_email_exists', { email: reg.email })).body.data).toEqual({ exists: true });
    expect((await post(t, '/api/v1/check_email_exists', { email: uniqueEmail() })).body.data).toEqual({ exists: false });
  });

  it('answers 400 for a missing or malformed email', async () => {
    expect((await post(t, '/api/v1/check_email_exists', {})).body.errors.email).toEqual(['This field is required.']);
    expect((await post(t, '/api/v1/check_email_exists', { email: 42 })).body.errors.email).toEqual([
      'This value has the wrong type.',
    ]);
  });
});
