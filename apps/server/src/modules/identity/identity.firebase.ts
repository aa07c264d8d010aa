import { lazy } from '#src/core/lazy.js';

/** What Tribes reads from a verified Firebase ID token. */
export interface FirebaseIdentity {
  /** The Firebase uid (the token's `sub`). */
  uid: string;
  /** How the user signed in at Firebase: 'google.com', 'apple.com', 'facebook.com', 'phone', 'password', ... */
  provider: string;
  /** Lower-cased and trimmed; null when the token has none. */
  email: string | null;
  /** Whether the identity provider vouches for the email (`email_verified`). */
  emailVerified: boolean;
  /** E.164, verified by SMS at Firebase; null when the token has none. */
  phone: string | null;
  name: string | null;
}

/** The token was refused: bad, expired, revoked, of a disabled user, of another project, malformed or unsigned. */
export class InvalidIdTokenError extends Error {
  override name = 'InvalidIdTokenError';
  constructor(
    /** firebase-admin's error code (auth/id-token-expired, auth/argument-error, ...): safe to log, no token in it. */
    readonly code: string,
  ) {
    super(`Firebase ID token refused (${code})`);
  }
}

export interface FirebaseVerifier {
  verify(idToken: string): Promise<FirebaseIdentity>;
}

const loadAdmin = lazy(async () => {
  const [app, auth] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
  return { ...app, getAuth: auth.getAuth };
});

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * firebase-admin's verifyIdToken for one project. The app is made with the project id only (no
 * service account): the token's signature is checked against Google's public keys, its audience and
 * issuer against the project.
 *
 * The Auth emulator's tokens are unsigned; firebase-admin accepts them only while the
 * FIREBASE_AUTH_EMULATOR_HOST environment variable is set, read at each call. This verifier sets it
 * from the configuration right before each verification and removes it when the configuration has
 * no emulator, so a server configured without the emulator refuses unsigned tokens even if the
 * variable leaked into its environment. (One process normally runs one configuration; tests that
 * run two apps with different settings in one process verify one at a time.) With the emulator,
 * firebase-admin also asks it whether the user was disabled or its tokens revoked.
 */
export function createFirebaseVerifier({
  projectId,
  emulatorHost,
}: {
  projectId: string;
  emulatorHost?: string;
}): FirebaseVerifier {
  const appName = `tribes-identity:${projectId}`;
  const auth = lazy(async () => {
    const admin = await loadAdmin();
    const app = admin.getApps().find((a) => a.name === appName) ?? admin.initializeApp({ projectId }, appName);
    return admin.getAuth(app);
  });

  return {
    async verify(idToken) {
      const client = await auth();
      if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
      else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      let claims: Awaited<ReturnType<typeof client.verifyIdToken>>;
      try {
        claims = await client.verifyIdToken(idToken);
      } catch (err) {
        const code = (err as { code?: unknown })?.code;
        throw new InvalidIdTokenError(typeof code === 'string' ? code : 'unknown');
      }
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
      const phone = typeof claims.phone_number === 'string' && E164.test(claims.phone_number) ? claims.phone_number : null;
      const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : null;
      return {
        uid: claims.uid,
        provider: typeof claims.firebase?.sign_in_provider === 'string' ? claims.firebase.sign_in_provider : 'unknown',
        email,
        emailVerified: email !== null && claims.email_verified === true,
        phone,
        name,
      };
    },
  };
}
