import type { AddPasskeyBody, PasskeySignInBody } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { conflict, fieldError, HttpError, notFound } from '#src/core/errors.js';
import { type SignIn, type SignInDevice, type SignInOutcome, describeUserAgent } from '../auth/index.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';
import { presentPasskey } from './passkeys.presenter.js';
import type { PasskeysRepo } from './passkeys.repo.js';
import { asJson, challengeOf, type PasskeyAssertions } from './assertions.js';
import { loadWebAuthn, type AuthenticationResponseJSON, type RegistrationResponseJSON } from './webauthn.js';

const RP_NAME = 'Tribes';

interface Deps {
  repo: PasskeysRepo;
  /** The WebAuthn assertion check this service shares with the second factor. */
  assertions: PasskeyAssertions;
  users: Pick<UserAccounts, 'findById'>;
  signIn: SignIn;
  clock: Clock;
}

/** 401 for any sign-in that does not verify: the message tells what to do, not which check failed. */
const signInRefused = (key: 'passkeys.unknown_credential' | 'passkeys.sign_in_failed' | 'passkeys.challenge_expired') =>
  new HttpError(401, key);

/**
 * Passkeys (WebAuthn, DESIGN 10.2): registration by a signed-in user, and a passwordless sign-in with
 * a discoverable credential. Every challenge is stored (5 minutes) and spent once, atomically, before
 * its response is verified, so a replayed response finds it spent.
 */
export function createPasskeysService({ repo, assertions, users, signIn, clock }: Deps) {
  const { rpID, origin, storeChallenge } = assertions;

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
      // The passkey alone signs in (no second factor asked): the user must have been verified.
      const outcome = await assertions.verify(response, {
        purpose: 'login',
        challengeId: body.challenge_id,
        requireUserVerification: true,
      });
      if (!outcome.ok) {
        if (outcome.reason === 'unknown_credential') throw signInRefused('passkeys.unknown_credential');
        if (outcome.reason === 'challenge_expired') throw signInRefused('passkeys.challenge_expired');
        throw signInRefused('passkeys.sign_in_failed');
      }
      const user = await users.findById(outcome.passkey.userId);
      if (!user) throw signInRefused('passkeys.unknown_credential');
      return signIn.complete(user, device, { strong: true });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
