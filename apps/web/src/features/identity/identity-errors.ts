/**
 * The identity service's error codes (specification section 8) and the message each one shows.
 * The Firebase SDK throws errors whose `code` is `auth/<client code>`; its REST API answers server
 * codes (EMAIL_EXISTS, TOKEN_EXPIRED...) that the SDK turns into the same client codes, and so does
 * `clientCodeOf` for a raw REST answer. Every code has the message key `identity.errors.<code>` in the
 * five languages (features/identity/locales/*.json); a code outside the table shows `identity.errors.unknown`.
 */

/** Specification section 8: identity service server code → client code. */
export const SERVER_CODES = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  USER_DISABLED: 'user-disabled',
  TOKEN_EXPIRED: 'user-token-expired',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
  ADMIN_ONLY_OPERATION: 'admin-restricted-operation',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
  // "Other codes cover verification codes, multi-factor enrolment and captcha": the phone sign-in ones.
  INVALID_PHONE_NUMBER: 'invalid-phone-number',
  MISSING_PHONE_NUMBER: 'missing-phone-number',
  INVALID_CODE: 'invalid-verification-code',
  MISSING_CODE: 'missing-verification-code',
  SESSION_EXPIRED: 'code-expired',
  CAPTCHA_CHECK_FAILED: 'captcha-check-failed',
  QUOTA_EXCEEDED: 'quota-exceeded',
  OPERATION_NOT_ALLOWED: 'operation-not-allowed',
} as const;

/** Specification section 8: the client errors. */
export const CLIENT_CODES = [
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
] as const;

export type IdentityErrorCode = (typeof SERVER_CODES)[keyof typeof SERVER_CODES] | (typeof CLIENT_CODES)[number];

/** Every code that has its own message, server-mapped codes first. */
export const IDENTITY_ERROR_CODES: readonly IdentityErrorCode[] = [
  ...new Set<IdentityErrorCode>([...Object.values(SERVER_CODES), ...CLIENT_CODES]),
];

const KNOWN: ReadonlySet<string> = new Set(IDENTITY_ERROR_CODES);

/** The message key shown for a code outside the table. */
export const UNKNOWN_ERROR_KEY = 'identity.errors.unknown';

/** The user dismissed the popup or opened another: a calm note, not an error. */
export const QUIET_CODES: ReadonlySet<IdentityErrorCode> = new Set(['popup-closed-by-user', 'cancelled-popup-request']);

/** Specification section 8: the user is signed out on these. */
export const SIGN_OUT_CODES: ReadonlySet<IdentityErrorCode> = new Set(['user-disabled', 'user-token-expired']);

/** A server code as the REST API answers it ("TOKEN_EXPIRED", or "TOO_MANY_ATTEMPTS_TRY_LATER : ..."). */
export function clientCodeOf(serverCode: string): IdentityErrorCode | null {
  const head = serverCode.split(':')[0]!.trim();
  return (SERVER_CODES as Record<string, IdentityErrorCode>)[head] ?? null;
}

/**
 * The client code of anything thrown by the SDK ({ code: 'auth/popup-blocked' }), a bare client code,
 * or a server code; null for anything else.
 */
export function identityErrorCode(error: unknown): IdentityErrorCode | null {
  const raw =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
        ? (error as { code: string }).code
        : null;
  if (!raw) return null;
  const code = raw.startsWith('auth/') ? raw.slice('auth/'.length) : raw;
  if (KNOWN.has(code)) return code as IdentityErrorCode;
  return clientCodeOf(raw);
}

/** The message key for an error: `identity.errors.<code>`, or the fallback for an unknown one. */
export function identityErrorKey(error: unknown): string {
  const code = identityErrorCode(error);
  return code ? `identity.errors.${code}` : UNKNOWN_ERROR_KEY;
}
