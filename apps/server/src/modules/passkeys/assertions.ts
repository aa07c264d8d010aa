import type { Clock } from '#src/core/clock.js';
import type { ChallengePurpose, PasskeyRow, PasskeysRepo } from './passkeys.repo.js';
import { loadWebAuthn, type AuthenticationResponseJSON } from './webauthn.js';

/** How long a registration, sign-in or second-factor ceremony may take. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Spent and expired challenges are deleted once they are this old. */
const CHALLENGE_KEEP_MS = 60 * 60 * 1000;

/**
 * The relying party of PUBLIC_URL: its hostname and origin. An IP address cannot be a WebAuthn RP ID,
 * so a loopback PUBLIC_URL (a development or test server, http://127.0.0.1:3000) is served as
 * localhost on the same port: passkeys work on http://localhost:3000, a secure context.
 */
export function relyingParty(publicUrl: URL): { rpID: string; origin: string } {
  if (publicUrl.hostname === '127.0.0.1' || publicUrl.hostname === '[::1]') {
    const local = new URL(publicUrl.href);
    local.hostname = 'localhost';
    return { rpID: 'localhost', origin: local.origin };
  }
  return { rpID: publicUrl.hostname, origin: publicUrl.origin };
}

/** The challenge a response answers, read from its clientDataJSON; undefined when that is not readable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Options as the JSON object the contract describes (loose: every WebAuthn field passes as it is). */
export const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

/** Why an assertion was refused (the caller turns it into its own answer). */
export type AssertionRefusal = 'malformed' | 'unknown_credential' | 'not_owner' | 'challenge_expired' | 'failed';

export type AssertionOutcome = { ok: true; passkey: PasskeyRow } | { ok: false; reason: AssertionRefusal };

/**
 * The one WebAuthn assertion check, shared by the passwordless sign-in and the second factor: the
 * credential must be registered (to `userId` when one is expected), the challenge live, of this
 * purpose (and user), and spent once atomically before the signature is verified, so a replayed
 * assertion finds it spent; the signature, origin, RP ID and counter are checked by
 * @simplewebauthn/server. A verified assertion saves the authenticator's new counter.
 */
export function createPasskeyAssertions({ repo, clock, publicUrl }: { repo: PasskeysRepo; clock: Clock; publicUrl: URL }) {
  const { rpID, origin } = relyingParty(publicUrl);

  async function storeChallenge(userId: string | null, challenge: string, purpose: ChallengePurpose) {
    const now = clock.now();
    await repo.pruneChallenges(new Date(now.getTime() - CHALLENGE_KEEP_MS));
    return repo.addChallenge({ userId, challenge, purpose, expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS) });
  }

  /** Request options for one user's own passkeys, the challenge stored for that user and purpose. */
  async function ownPasskeyOptions(
    userId: string,
    purpose: 'second_factor' | 'reauth',
    userVerification: 'preferred' | 'required',
  ) {
    const mine = await repo.listOf(userId);
    if (mine.length === 0) return undefined;
    const { generateAuthenticationOptions } = await loadWebAuthn();
    const options = await generateAuthenticationOptions({
      rpID,
      allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification,
    });
    await storeChallenge(userId, options.challenge, purpose);
    return asJson(options);
  }

  return {
    rpID,
    origin,
    storeChallenge,

    /** How many passkeys the user has. */
    async count(userId: string): Promise<number> {
      return repo.countOf(userId);
    },

    /**
     * Request options limited to the user's own passkeys (allowCredentials) for a second factor, the
     * challenge stored for this user; undefined when the user has no passkey. User verification is
     * preferred, not required: the password or emailed code was the first factor.
     */
    secondFactorOptions: (userId: string) => ownPasskeyOptions(userId, 'second_factor', 'preferred'),

    /**
     * Request options to confirm the owner of a signed-in session (POST /v1/me/reauth): the user's own
     * passkeys, user verification required, since the passkey stands for both factors; undefined
     * when the user has no passkey.
     */
    reauthOptions: (userId: string) => ownPasskeyOptions(userId, 'reauth', 'required'),

    /** Verifies an assertion (see above); never throws for a bad response, answers why it was refused. */
    async verify(
      response: AuthenticationResponseJSON,
      expect: {
        purpose: 'login' | 'second_factor' | 'reauth';
        challengeId?: string;
        userId?: string;
        requireUserVerification: boolean;
      },
    ): Promise<AssertionOutcome> {
      const challenge = challengeOf(response.response.clientDataJSON);
      if (!challenge) return { ok: false, reason: 'malformed' };
      const passkey = await repo.findByCredentialId(response.id);
      if (!passkey) return { ok: false, reason: 'unknown_credential' };
      if (expect.userId && passkey.userId !== expect.userId) return { ok: false, reason: 'not_owner' };
      // A discoverable credential names its account: it must be the passkey's owner.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
        return { ok: false, reason: 'failed' };
      }
      const now = clock.now();
      const spent = await repo.spendChallenge(
        { id: expect.challengeId, challenge, purpose: expect.purpose, userId: expect.userId },
        now,
      );
      if (!spent) return { ok: false, reason: 'challenge_expired' };
      const { verifyAuthenticationResponse } = await loadWebAuthn();
      let info;
      try {
        const verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: spent.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: expect.requireUserVerification,
        });
        if (!verified.verified) return { ok: false, reason: 'failed' };
        info = verified.authenticationInfo;
      } catch {
        return { ok: false, reason: 'failed' };
      }
      await repo.markUsed(passkey.id, info.newCounter, info.credentialBackedUp, now);
      return { ok: true, passkey };
    },
  };
}

export type PasskeyAssertions = ReturnType<typeof createPasskeyAssertions>;
