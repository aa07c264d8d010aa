import type { AddPasskeyBody, PasskeySignInBody } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { conflict, fieldError, HttpError, notFound } from '#src/core/errors.js';
import type { SignIn, SignInDevice, SignInOutcome } from '../auth/sign-in.js';
import { describeUserAgent } from '../auth/user-agent.js';
import { isUniqueViolation, type UserRow, type UsersRepo } from '../users/users.repo.js';
import { presentPasskey } from './passkeys.presenter.js';
import type { PasskeysRepo } from './passkeys.repo.js';
import { loadWebAuthn, type AuthenticationResponseJSON, type RegistrationResponseJSON } from './webauthn.js';

/** How long a registration or sign-in ceremony may take. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Spent and expired challenges are deleted once they are this old. */
const CHALLENGE_KEEP_MS = 60 * 60 * 1000;
const RP_NAME = 'Tribes';

interface Deps {
  repo: PasskeysRepo;
  users: Pick<UsersRepo, 'findById'>;
  signIn: SignIn;
  clock: Clock;
  /** PUBLIC_URL: its hostname is the relying party id, its origin the only accepted origin. */
  publicUrl: URL;
}

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
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Options as the JSON object the contract describes (loose: every WebAuthn field passes as it is). */
const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

/** 401 for any sign-in that does not verify: the message tells what to do, not which check failed. */
const signInRefused = (key: 'passkeys.unknown_credential' | 'passkeys.sign_in_failed' | 'passkeys.challenge_expired') =>
  new HttpError(401, key);

/**
 * Passkeys (WebAuthn, DESIGN 10.2): registration by a signed-in user, and a passwordless sign-in with
 * a discoverable credential. Every challenge is stored (5 minutes) and spent once, atomically, before
 * its response is verified, so a replayed response finds it spent.
 */
export function createPasskeysService({ repo, users, signIn, clock, publicUrl }: Deps) {
  const { rpID, origin } = relyingParty(publicUrl);

  async function storeChallenge(userId: string | null, challenge: string, purpose: 'register' | 'login') {
    const now = clock.now();
    await repo.pruneChallenges(new Date(now.getTime() - CHALLENGE_KEEP_MS));
    return repo.addChallenge({ userId, challenge, purpose, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  }

  return {
    async list(user: UserRow) {
      return { items: (await repo.listOf(user.id)).map(presentPasskey), next_cursor: null };
    },

    async registrationOptions(user: UserRow) {
      const { generateRegistrationOptions } = await loadWebAuthn();
      const mine = await repo.listOf(user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.email ?? user.phone ?? user.name,
        userDisplayName: user.name,
        // The user handle a discoverable credential gives back at sign-in: the account id.
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      });
      const row = await storeChallenge(user.id, options.challenge, 'register');
      return { options: asJson(options), challenge_id: row.id };
    },

    async register(user: UserRow, body: AddPasskeyBody, userAgent?: string) {
      const response = body.response as unknown as RegistrationResponseJSON;
      const challenge = challengeOf(response.response.clientDataJSON);
      if (!challenge) throw fieldError('response', 'passkeys.verification_failed');
      const spent = await repo.spendChallenge({ challenge, purpose: 'register', userId: user.id }, clock.now());
      if (!spent) throw fieldError('response', 'passkeys.challenge_expired');
      const { verifyRegistrationResponse } = await loadWebAuthn();
      let info;
      try {
        const verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: spent.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        if (!verified.verified) throw new Error('not verified');
        info = verified.registrationInfo;
      } catch {
        throw fieldError('response', 'passkeys.verification_failed');
      }
      const credentialId = info.credential.id;
      if (await repo.findByCredentialId(credentialId)) throw conflict('passkey_exists', 'passkeys.already_registered');
      try {
        const row = await repo.insert({
          userId: user.id,
          credentialId,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: (info.credential.transports ?? response.response.transports ?? []).slice(0, 10),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: body.name ?? describeUserAgent(userAgent).name ?? 'Passkey',
          createdAt: clock.now(),
        });
        return presentPasskey(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('passkey_exists', 'passkeys.already_registered');
        throw err;
      }
    },

    async remove(user: UserRow, id: string) {
      if (!(await repo.remove(id, user.id))) throw notFound();
    },

    async signInOptions() {
      const { generateAuthenticationOptions } = await loadWebAuthn();
      // No allowCredentials: the browser offers the discoverable credentials it holds for this site.
      const options = await generateAuthenticationOptions({ rpID, allowCredentials: [], userVerification: 'required' });
      const row = await storeChallenge(null, options.challenge, 'login');
      return { options: asJson(options), challenge_id: row.id };
    },

    async signIn(body: PasskeySignInBody, device: SignInDevice): Promise<SignInOutcome> {
      const response = body.response as unknown as AuthenticationResponseJSON;
      const challenge = challengeOf(response.response.clientDataJSON);
      if (!challenge) throw signInRefused('passkeys.sign_in_failed');
      const passkey = await repo.findByCredentialId(response.id);
      if (!passkey) throw signInRefused('passkeys.unknown_credential');
      // A discoverable credential names its account: it must be the passkey's owner.
      const handle = response.response.userHandle;
      if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
        throw signInRefused('passkeys.sign_in_failed');
      }
      const now = clock.now();
      const spent = await repo.spendChallenge({ id: body.challenge_id, challenge, purpose: 'login' }, now);
      if (!spent) throw signInRefused('passkeys.challenge_expired');
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
          // The passkey alone signs in (no second factor asked): the user must have been verified.
          requireUserVerification: true,
        });
        if (!verified.verified) throw new Error('not verified');
        info = verified.authenticationInfo;
      } catch {
        throw signInRefused('passkeys.sign_in_failed');
      }
      await repo.markUsed(passkey.id, info.newCounter, info.credentialBackedUp, now);
      const user = await users.findById(passkey.userId);
      if (!user) throw signInRefused('passkeys.unknown_credential');
      return signIn.complete(user, device, { strong: true });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
