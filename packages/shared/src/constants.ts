/** Constants shared by the server and the web app. Numbers the specification names keep its values. */

export const ROLES = ['member', 'leader', 'supporter'] as const;
export type Role = (typeof ROLES)[number];

/** Onboarding steps, in order, as stored in profile.last_step. */
export const LAST_STEPS = ['email-verified', 'role-selection-completed', 'tribe-selection-completed'] as const;
export type LastStep = (typeof LAST_STEPS)[number];

export const OTP_PURPOSES = ['email-verification', 'forgot-password', 'login'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const PROFILE_VISIBILITIES = ['public', 'tribe', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const OTP = {
  length: 6,
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  /** At most one send per this many seconds per email and purpose. */
  resendSeconds: 60,
  maxSendsPerHour: 5,
} as const;

/**
 * A signed media URL (a tribe-only photo, an expense receipt) is valid from one to two of these after an
 * answer gives it: its expiry is cut at an hour boundary so browsers can cache it (decision 007).
 */
export const SIGNED_MEDIA_SECONDS = 3600;

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
export const AUTH_TOKEN_TTL_DAYS = 30;

/** Password policy served by GET /v1/password_policy (length and a common-password list, as NIST SP 800-63B advises). */
export const PASSWORD_POLICY = {
  min_length: 8,
  max_length: 128,
  require_lowercase: false,
  require_uppercase: false,
  require_numeric: false,
  require_non_alphanumeric: false,
  enforcement: 'ENFORCE',
  schema_version: 1,
} as const;

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  bioMax: 500,
  deviceNameMax: 100,
  avatarMaxBytes: 10 * 1024 * 1024,
  /** Largest JSON body the API accepts. */
  jsonBodyMaxBytes: 256 * 1024,
} as const;

export const PAGINATION = { defaultLimit: 20, maxLimit: 50 } as const;

/** Spec section 9 and DESIGN section 8: theme and layout constants. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const STORAGE_KEYS = { auth: 'auth', tribes: 'tribes', theme: 'theme', dataSaver: 'dataSaver' } as const;
export const LOCALE_COOKIE = { name: 'i18n_redirected', maxAgeDays: 365, path: '/', sameSite: 'lax' } as const;
/** The chosen theme, copied from localStorage so the server can draw the page's frame in it before the app runs (issue 42). */
export const THEME_COOKIE = { name: 'theme', maxAgeDays: 365, path: '/' } as const;
