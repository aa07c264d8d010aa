import { lazy } from '#src/core/lazy.js';

/**
 * @simplewebauthn/server (v14), loaded on the first passkey request: its ASN.1 and X.509 packages
 * are not on the start path (bench/README.md, `start`).
 */
export const loadWebAuthn = lazy(() => import('@simplewebauthn/server'));

export type WebAuthn = Awaited<ReturnType<typeof loadWebAuthn>>;
export type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
