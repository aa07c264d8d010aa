import { accountEmailEndpoints, authEndpoints, usersEndpoints, type EndpointData } from '@tribes/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, post, signUp } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = caller(() => t);

describe('GET and PATCH /v1/me', () => {
  it('returns the user with the documented fields and no secrets', async () => {
    const u = await signUp(t);
    const res = await call('GET', '/api/v1/me', u.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.user).sort()).toEqual(
      [
        'avatar_url',
        'bio',
        'created_at',
        'email',
        'email_verified',
        'id',
        'locale',
        'name',
        'phone',
        'platform_role',
        'privacy',
        'profile',
        'role',
        'settings',
      ].sort(),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/);
    // An email account has no phone until a phone identity is linked (DESIGN 10.2).
    expect(res.body.data.user.phone).toBeNull();
    // Not an operator (DESIGN 11.2).
    expect(res.body.data.user.platform_role).toBeNull();
  });

  it('updates name, bio and locale, trimming text', async () => {
    const u = await signUp(t);
    const res = await call('PATCH', '/api/v1/me', u.token, { name: '  Amina  ', bio: 'مرحبا Hello', locale: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Amina', bio: 'مرحبا Hello', locale: 'ar' });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ bio: 'x'.repeat(501) }, 'bio'],
    [{ locale: 'xx' }, 'locale'],
    [{ email: 'new@example.test' }, 'email'],
    [{ name: 42 }, 'name'],
  ])('answers 400 to a bad patch %#', async (payload, field) => {
    const u = await signUp(t);
    const res = await call('PATCH', '/api/v1/me', u.token, payload);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    expect((await call('PATCH', '/api/v1/me', undefined, { name: 'x' })).status).toBe(401);
  });
});

describe('role, privacy and settings', () => {
  it('saves the role and moves onboarding to role-selection-completed', async () => {
    const u = await signUp(t);
    const res = await call('PUT', '/api/v1/me/role', u.token, { role: 'leader' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.role).toBe('leader');
    expect(res.body.data.user.profile.last_step).toBe('role-selection-completed');
    expect((await call('PUT', '/api/v1/me/role', u.token, { role: 'admin' })).status).toBe(400);
    expect((await call('PUT', '/api/v1/me/role', undefined, { role: 'member' })).status).toBe(401);
  });

  it('saves privacy settings', async () => {
    const u = await signUp(t);
    const res = await call('PUT', '/api/v1/me/privacy', u.token, { profile_visibility: 'tribe', show_on_map: false });
    expect(res.body.data.user.privacy).toEqual({ profile_visibility: 'tribe', show_on_map: false });
    expect((await call('PUT', '/api/v1/me/privacy', u.token, { profile_visibility: 'secret' })).status).toBe(400);
    expect((await call('PUT', '/api/v1/me/privacy', u.token, { show_on_map: 'no' })).status).toBe(400);
  });

  it('saves language and notification switches, keeping the others', async () => {
    const u = await signUp(t);
    const res = await call('PUT', '/api/v1/me/settings', u.token, { language: 'he', notifications: { likes: false } });
    expect(res.body.data.user.locale).toBe('he');
    // A boolean, as the first round sent it, is the type's in-app switch.
    expect(res.body.data.user.settings.notifications).toMatchObject({
      likes: { in_app: false, email: false, push: false },
      comments: { in_app: true, email: false, push: false },
    });
    expect(
      (await call('PUT', '/api/v1/me/settings', u.token, { notifications: { spam: true } })).body.errors['notifications.spam'],
    ).toEqual(['This field is not allowed.']);
  });

  it('PATCH sets single channels, the digest and quiet hours, and refuses a bad time or time zone on its field', async () => {
    const u = await signUp(t);
    const res = await call('PATCH', '/api/v1/me/settings', u.token, {
      notifications: { mentions: { email: true }, likes: { push: true } },
      digest: 'weekly',
      quiet_hours: { from: '22:00', to: '07:00', tz: 'Africa/Casablanca' },
    });
    expect(res.status).toBe(200);
    const s = res.body.data.user.settings;
    expect(s.notifications.mentions).toEqual({ in_app: true, email: true, push: false });
    expect(s.notifications.likes).toEqual({ in_app: true, email: false, push: true });
    expect(s.digest).toBe('weekly');
    expect(s.quiet_hours).toEqual({ from: '22:00', to: '07:00', tz: 'Africa/Casablanca' });
    // Only what is sent changes; null turns quiet hours off.
    const again = await call('PATCH', '/api/v1/me/settings', u.token, { quiet_hours: null });
    expect(again.body.data.user.settings).toMatchObject({ digest: 'weekly', quiet_hours: null });
    expect(again.body.data.user.settings.notifications.mentions.email).toBe(true);
    const bad = await call('PATCH', '/api/v1/me/settings', u.token, {
      digest: 'daily',
      quiet_hours: { from: '25:00', to: '07:00', tz: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['digest', 'quiet_hours.from', 'quiet_hours.tz']);
    expect(bad.body.errors['quiet_hours.from']).toEqual(['Enter a time as HH:MM, for example 22:00.']);
    expect((await call('PATCH', '/api/v1/me/settings', undefined, { digest: 'off' })).status).toBe(401);
  });
});

describe('POST /v1/me/password', () => {
  it('changes the password and revokes the other tokens but not the current one', async () => {
    const u = await signUp(t);
    const other = (await post(t, '/api/v1/auth/login', { email: u.email, password: u.password })).body.data.auth_token as string;
    const res = await call('POST', '/api/v1/me/password', u.token, {
      current_password: u.password,
      password: 'another fine passphrase',
      password_confirmation: 'another fine passphrase',
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/v1/me', u.token)).status).toBe(200);
    expect((await call('GET', '/api/v1/me', other)).status).toBe(401);
    expect((await post(t, '/api/v1/auth/login', { email: u.email, password: 'another fine passphrase' })).status).toBe(200);
  });

  it('refuses a wrong current password on its field', async () => {
    const u = await signUp(t);
    const res = await call('POST', '/api/v1/me/password', u.token, {
      current_password: 'wrong wrong wrong',
      password: 'another fine passphrase',
      password_confirmation: 'another fine passphrase',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.current_password).toEqual(['The current password is incorrect.']);
  });
});

describe('sessions', () => {
  it('lists the devices and revokes one; another user cannot revoke it', async () => {
    const u = await signUp(t);
    const phone = (await post(t, '/api/v1/auth/login', { email: u.email, password: u.password, device_name: 'Phone' })).body.data
      .auth_token;
    const list = await call('GET', '/api/v1/me/sessions', u.token);
    expect(list.body.data.items).toHaveLength(2);
    const current = list.body.data.items.find((s: { current: boolean }) => s.current);
    const phoneSession = list.body.data.items.find((s: { device_name: string }) => s.device_name === 'Phone');
    expect(current).toBeDefined();
    const stranger = await signUp(t);
    expect((await call('DELETE', `/api/v1/me/sessions/${phoneSession.id}`, stranger.token)).status).toBe(404);
    expect((await call('GET', '/api/v1/me', phone)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/me/sessions/${phoneSession.id}`, u.token)).status).toBe(200);
    expect((await call('GET', '/api/v1/me', phone)).status).toBe(401);
    expect((await call('DELETE', '/api/v1/me/sessions/not-a-uuid', u.token)).status).toBe(400);
  });
});

describe('POST /v1/me/avatar', () => {
  const upload = (token: string, file: { filename: string; contentType: string; data: Buffer }) => {
    const body = multipartBody([{ field: 'avatar', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
  };

  it('re-encodes the image as a square WebP without EXIF and serves it with long cache headers', async () => {
    const u = await signUp(t);
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#cc5500' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker', Artist: 'GPS person' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(u.token, { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.user.avatar_url as string;
    expect(url).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
  });

  it('refuses a file that is not an image whatever its name says', async () => {
    const u = await signUp(t);
    const res = await upload(u.token, {
      filename: 'evil.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from('<?php echo "hi"; ?>'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.' });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const u = await signUp(t);
    const res = await upload(u.token, {
      filename: 'big.png',
      contentType: 'image/png',
      data: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('refuses a request without a file or without multipart', async () => {
    const u = await signUp(t);
    const empty = multipartBody([], { note: 'no file' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: empty.payload,
      headers: { ...bearer(u.token), ...empty.headers },
    });
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: { avatar: 'x' },
      headers: bearer(u.token),
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(json.json().status).toBe('error');
    const anonymous = await upload('', { filename: 'a.png', contentType: 'image/png', data: Buffer.from('x') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores nothing readable outside the uploads folder', async () => {
    const res = await t.app.inject({ url: '/media/../secrets.json' });
    expect(res.statusCode).toBe(404);
    const other = await t.app.inject({ url: '/media/%2e%2e/secrets.json' });
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
  });
});

describe('DELETE /v1/me', () => {
  it('deletes the account with the right password, then its tokens and email are gone', async () => {
    const u = await signUp(t);
    expect((await call('DELETE', '/api/v1/me', u.token, { password: 'wrong password here' })).status).toBe(400);
    const res = await call('DELETE', '/api/v1/me', u.token, { password: u.password });
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/v1/me', u.token)).status).toBe(401);
    expect((await post(t, '/api/v1/check_email_exists', { email: u.email })).body.data.exists).toBe(false);
  });

  it('answers 400 without a password and 401 without a token', async () => {
    const u = await signUp(t);
    expect((await call('DELETE', '/api/v1/me', u.token, {})).status).toBe(400);
    expect((await call('DELETE', '/api/v1/me', undefined, { password: 'x' })).status).toBe(401);
  });
});

describe('contract', () => {
  it('registers every auth and account route from the contract, each with its answer in the OpenAPI document', async () => {
    // The account tag also holds the add-or-change-email endpoints (their own contract file).
    await expectOperationsMatch(t.app, { auth: authEndpoints, account: { ...usersEndpoints, ...accountEmailEndpoints } });
  });

  it("answers the user through its schema: a retired switch is left out, not a 500, and the first round's booleans read as channels", async () => {
    const u = await signUp(t);
    await t.app.ctx.usersRepo.update(u.user.id, {
      notificationSettings: { likes: false, email: true, retired_switch: true } as never,
    });
    const res = await call('GET', '/api/v1/me', u.token);
    expect(res.status).toBe(200);
    const data = res.body.data as EndpointData<typeof usersEndpoints.me>;
    expect(data.user.settings.notifications.likes).toEqual({ in_app: false, email: true, push: false });
    expect(data.user.settings.notifications.comments).toEqual({ in_app: true, email: true, push: false });
    expect(data.user.settings).toMatchObject({ digest: 'off', quiet_hours: null });
    expect(data.user.settings.notifications).not.toHaveProperty('retired_switch');
  });

  it('answers the password policy through the contract', async () => {
    const res = await call('GET', '/api/v1/password_policy', undefined);
    expect(res.status).toBe(200);
    const policy = res.body.data as EndpointData<typeof authEndpoints.passwordPolicy>;
    expect(policy).toEqual({
      min_length: 8,
      max_length: 128,
      require_lowercase: false,
      require_uppercase: false,
      require_numeric: false,
      require_non_alphanumeric: false,
      enforcement: 'ENFORCE',
      schema_version: 1,
    });
  });
});
