import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@tribes/shared/locales';
import { i18n, initI18n, loadMessages } from '../../app/i18n';
import {
  CLIENT_CODES,
  IDENTITY_ERROR_CODES,
  QUIET_CODES,
  SERVER_CODES,
  SIGN_OUT_CODES,
  UNKNOWN_ERROR_KEY,
  identityErrorCode,
  identityErrorKey,
} from './identity-errors';

/** Specification section 8, as written there: server code → client code, and the client errors. */
const SPEC_SERVER: [string, string][] = [
  ['EMAIL_EXISTS', 'email-already-in-use'],
  ['INVALID_PASSWORD', 'wrong-password'],
  ['EMAIL_NOT_FOUND', 'user-not-found'],
  ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
  ['RESET_PASSWORD_EXCEED_LIMIT', 'too-many-requests'],
  ['INVALID_LOGIN_CREDENTIALS', 'invalid-credential'],
  ['USER_DISABLED', 'user-disabled'],
  ['TOKEN_EXPIRED', 'user-token-expired'],
  ['EXPIRED_OOB_CODE', 'expired-action-code'],
  ['INVALID_OOB_CODE', 'invalid-action-code'],
  ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'requires-recent-login'],
  ['ADMIN_ONLY_OPERATION', 'admin-restricted-operation'],
  ['PASSWORD_DOES_NOT_MEET_REQUIREMENTS', 'password-does-not-meet-requirements'],
];
const SPEC_CLIENT = [
  'network-request-failed',
  'popup-blocked',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'unauthorized-domain',
  'web-storage-unsupported',
  'user-mismatch',
  'login-blocked',
  'argument-error',
  'internal-error',
  'account-exists-with-different-credential',
  'multi-factor-auth-required',
];
const PHONE = [
  'invalid-phone-number',
  'invalid-verification-code',
  'missing-verification-code',
  'code-expired',
  'captcha-check-failed',
  'quota-exceeded',
];

beforeAll(async () => {
  await initI18n('en');
  for (const locale of LOCALE_CODES) await loadMessages(locale);
});

describe('identity error codes', () => {
  it('maps every server code of section 8 to its client code', () => {
    for (const [server, client] of SPEC_SERVER) {
      expect((SERVER_CODES as Record<string, string>)[server], server).toBe(client);
      expect(identityErrorCode(server), server).toBe(client);
    }
    expect(identityErrorCode('TOO_MANY_ATTEMPTS_TRY_LATER : Too many unsuccessful login attempts.')).toBe('too-many-requests');
  });

  it('knows every client error of section 8 and the phone ones', () => {
    expect([...CLIENT_CODES]).toEqual(SPEC_CLIENT);
    for (const code of [...SPEC_CLIENT, ...PHONE, ...SPEC_SERVER.map(([, c]) => c)])
      expect(IDENTITY_ERROR_CODES, code).toContain(code);
  });

  it("reads the SDK's auth/<code>, a bare code, or gives the fallback", () => {
    expect(identityErrorKey({ code: 'auth/popup-blocked', message: 'Firebase: Error (auth/popup-blocked).' })).toBe(
      'identity.errors.popup-blocked',
    );
    expect(identityErrorKey('user-disabled')).toBe('identity.errors.user-disabled');
    expect(identityErrorKey({ code: 'auth/some-future-code' })).toBe(UNKNOWN_ERROR_KEY);
    expect(identityErrorKey(new Error('boom'))).toBe(UNKNOWN_ERROR_KEY);
    expect(identityErrorKey(null)).toBe(UNKNOWN_ERROR_KEY);
  });

  it('signs out on user-disabled and user-token-expired; popup closed or replaced is quiet', () => {
    expect([...SIGN_OUT_CODES].sort()).toEqual(['user-disabled', 'user-token-expired']);
    expect([...QUIET_CODES].sort()).toEqual(['cancelled-popup-request', 'popup-closed-by-user']);
  });
});

describe.each(LOCALE_CODES.map((l) => [l]))('identity error messages in %s', (locale) => {
  const t = (key: string) => i18n.getFixedT(locale)(key);
  const en = (key: string) => i18n.getFixedT('en')(key);

  it.each([...IDENTITY_ERROR_CODES, 'unknown'].map((c) => [c]))('%s has its own message', (code) => {
    const key = `identity.errors.${code}`;
    const text = t(key);
    expect(i18n.exists(key, { lng: locale, fallbackLng: false }), `${locale} ${key}`).toBe(true);
    expect(text.trim().length).toBeGreaterThan(0);
    expect(text).not.toBe(key);
    if (locale !== 'en') expect(text, `${locale} ${key} is translated`).not.toBe(en(key));
  });

  it('gives each code a distinct message', () => {
    const texts = IDENTITY_ERROR_CODES.map((c) => t(`identity.errors.${c}`));
    expect(new Set(texts).size).toBe(texts.length);
  });
});
