import { LIMITS as SHARED_LIMITS, type AuthProviders, type Identity } from '@tribes/shared';
import type { Config } from '#src/core/config.js';
import type { Clock } from '#src/core/clock.js';
import { conflict, HttpError, notFound } from '#src/core/errors.js';
import type { SignIn, SignInDevice, SignInOutcome } from '../auth/index.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';
import { InvalidIdTokenError, type FirebaseIdentity, type FirebaseVerifier } from './identity.firebase.js';
import type { UserPasskeys } from '../passkeys/index.js';
import { presentIdentityRow, presentMethod, presentProviders, type SignInMethod } from './identity.presenter.js';
import type { AccountPatch, IdentityRepo, IdentityRow, NewIdentityRow } from './identity.repo.js';

/** The error_type of every refused Firebase ID token (DESIGN 10.2). */
export const INVALID_TOKEN = 'identity.invalid_token';

/** 401 identity.invalid_token: one answer for every reason, so a caller learns nothing from it. */
export const invalidToken = () => new HttpError(401, 'identity.invalid_token', {}, undefined, {}, INVALID_TOKEN);

/** Signed in (or a 2FA challenge) with a Firebase identity; `created` when the account is new. */
export type IdentitySignInOutcome = SignInOutcome & { created: boolean };

export type { SignInMethod } from './identity.presenter.js';

interface Deps {
  repo: IdentityRepo;
  /** The account's passkeys, listed and removed among its sign-in methods. */
  passkeys: Pick<UserPasskeys, 'listOf' | 'remove'>;
  users: UserAccounts;
  signIn: SignIn;
  clock: Clock;
  /** The Firebase project and its verifier; undefined when Firebase is not configured. */
  firebase?: { projectId: string; verifier: FirebaseVerifier };
  /** Forgets the account's cached copies (token cache) after a change to it. */
  userChanged?: (userId: string) => Promise<void>;
  /** The sign-in providers on offer (Firebase, OIDC_PROVIDERS), as the sign-in page and the methods list name them. */
  config: Pick<Config, 'firebase' | 'oidcProviders'>;
  /** Warns without the token: only the refusal's code. */
  log?: (fields: Record<string, unknown>, message: string) => void;
}

/**
 * Firebase identities (DESIGN 10.2): signs people in with a verified ID token, joining it to an
 * account only through the account it was joined to before or an email the provider marks verified;
 * lists and removes an account's sign-in methods, never the last one.
 */
export function createIdentityService({ repo, passkeys, users, signIn, clock, firebase, config, userChanged, log }: Deps) {
  const oidcName = (id: string) => config.oidcProviders.find((p) => p.id === id)?.name ?? null;
  function requireFirebase() {
    if (!firebase) throw new HttpError(404, 'identity.not_configured');
    return firebase;
  }

  async function verify(idToken: string): Promise<FirebaseIdentity> {
    const { verifier } = requireFirebase();
    try {
      return await verifier.verify(idToken);
    } catch (err) {
      if (err instanceof InvalidIdTokenError) {
        log?.({ identity: { reason: err.code } }, 'firebase id token refused');
        throw invalidToken();
      }
      // Anything else (Google's keys out of reach, a bug): still a refusal, with its kind logged.
      const e = err as { name?: string; code?: string };
      log?.({ identity: { reason: 'verify_failed', name: e?.name, code: e?.code } }, 'firebase id token could not be verified');
      throw invalidToken();
    }
  }

  const identityValues = (projectId: string, id: FirebaseIdentity, at: Date): NewIdentityRow => ({
    kind: 'firebase',
    issuer: projectId,
    subject: id.uid,
    provider: id.provider,
    email: id.email,
    phone: id.phone,
    createdAt: at,
    lastUsedAt: at,
  });

  /** A name for a new account: the provider's, else the phone number, else the email's local part. */
  const nameFor = (id: FirebaseIdentity) =>
    (id.name ?? id.phone ?? id.email?.split('@')[0] ?? 'Tribes member').slice(0, SHARED_LIMITS.nameMax);

  /** The account a signing-in identity belongs to: joined before, joined now by a verified email, or new. */
  async function accountFor(projectId: string, id: FirebaseIdentity): Promise<{ user: UserRow; created: boolean }> {
    const now = clock.now();
    const joined = await repo.find('firebase', projectId, id.uid);
    if (joined) {
      await repo.touch(joined.id, { email: id.email, phone: id.phone, lastUsedAt: now });
      const user = await users.findById(joined.userId);
      if (user) return { user, created: false };
    }
    const verifiedEmail = id.emailVerified ? id.email : null;
    const owner = verifiedEmail ? await users.findByEmail(verifiedEmail) : undefined;
    // Joined only when the account proved the email too: an unverified sign-up must not collect a
    // stranger's identity (nor the stranger's Google account collect a squatter's password).
    if (owner?.emailVerifiedAt) {
      try {
        await repo.insert(owner.id, identityValues(projectId, id, now));
        return { user: owner, created: false };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return raced(projectId, id);
      }
    }
    // A new account. The email only when the provider verified it and no account has it; the phone
    // (verified by SMS) only when no account has it.
    const email = verifiedEmail && !owner ? verifiedEmail : null;
    const phone = id.phone && !(await users.findByPhone(id.phone)) ? id.phone : null;
    try {
      const user = await repo.createUserWithIdentity(
        {
          name: nameFor(id),
          email,
          emailVerifiedAt: email ? now : null,
          phone,
          passwordHash: null,
          // A provider-verified identity stands for a verified email: onboarding goes on from there.
          lastStep: 'email-verified',
          createdAt: now,
          updatedAt: now,
        },
        identityValues(projectId, id, now),
      );
      return { user, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return raced(projectId, id);
    }
  }

  /** Two first sign-ins of one identity at once: the one that won has joined it to an account. */
  async function raced(projectId: string, id: FirebaseIdentity) {
    const winner = await repo.find('firebase', projectId, id.uid);
    const user = winner && (await users.findById(winner.userId));
    if (!user) throw new HttpError(409, 'errors.bad_request');
    return { user, created: false };
  }

  /** The account as stored now: a request's user may come from the token cache, a minute old. */
  const fresh = async (user: UserRow) => (await users.findById(user.id)) ?? user;

  async function methods(current: UserRow): Promise<SignInMethod[]> {
    const user = await fresh(current);
    const list: SignInMethod[] = [];
    if (user.passwordHash) list.push({ kind: 'password', user });
    if (user.email && user.emailVerifiedAt) list.push({ kind: 'email', user });
    for (const row of await repo.listForUser(user.id)) list.push({ kind: 'identity', row });
    // The passkeys repo lists newest first; the methods list shows them in the order they were added.
    for (const passkey of (await passkeys.listOf(user.id)).reverse()) list.push({ kind: 'passkey', passkey });
    return list;
  }

  return {
    /** POST /v1/auth/identity: a Firebase ID token becomes a session (or a 2FA challenge). */
    async signIn(idToken: string, device: SignInDevice): Promise<IdentitySignInOutcome> {
      const { projectId } = requireFirebase();
      const identity = await verify(idToken);
      const { user, created } = await accountFor(projectId, identity);
      return { ...(await signIn.complete(user, device)), created };
    },

    /** The sign-in providers on offer, for the sign-in page. */
    providers: (): AuthProviders => presentProviders(config),

    /** The account's ways in, as its sign-in methods list shows them. */
    async methods(current: UserRow): Promise<Identity[]> {
      return (await methods(current)).map((m) => presentMethod(m, oidcName));
    },

    /**
     * Removes one sign-in method: 'password' (the hash goes; sessions stay), a linked identity's id
     * or a passkey's id. 'email' stays while it is the account's address (409). The last method
     * cannot go (409 identity.last_method).
     */
    async remove(user: UserRow, id: string): Promise<void> {
      const list = await methods(user);
      const target = list.find((m) =>
        m.kind === 'password' || m.kind === 'email'
          ? m.kind === id
          : m.kind === 'identity'
            ? m.row.id === id.toLowerCase()
            : m.passkey.id === id.toLowerCase(),
      );
      if (!target) throw notFound();
      if (list.length <= 1) throw conflict('identity.last_method', 'identity.last_method');
      switch (target.kind) {
        case 'email':
          throw conflict('identity.email_not_removable', 'identity.email_not_removable');
        case 'password':
          // users.update announces the change to every node's token cache itself.
          await users.update(user.id, { passwordHash: null, updatedAt: clock.now() });
          return;
        case 'identity':
          if (!(await repo.deleteForUser(user.id, target.row.id))) throw notFound();
          return;
        case 'passkey':
          if (!(await passkeys.remove(target.passkey.id, user.id))) throw notFound();
          return;
      }
    },

    /**
     * POST /v1/me/identities/firebase: joins a Firebase identity to the signed-in account (again:
     * the same answer). Another account's identity is a 409. A verified email or a phone the
     * account lacks (and no other account has) is added to it.
     */
    async link(current: UserRow, idToken: string): Promise<Identity> {
      return presentIdentityRow(await linkRow(current, idToken), oidcName);
    },
  };

  /** Joins the identity to the account (see `link`): the row the answer presents. */
  async function linkRow(current: UserRow, idToken: string): Promise<IdentityRow> {
    const { projectId } = requireFirebase();
    const identity = await verify(idToken);
    const user = await fresh(current);
    const now = clock.now();
    const existing = await repo.find('firebase', projectId, identity.uid);
    if (existing) {
      if (existing.userId !== user.id) throw conflict('identity.linked_elsewhere', 'identity.linked_elsewhere');
      return existing;
    }
    const patch: Omit<AccountPatch, 'updatedAt'> = {};
    if (!user.email && identity.emailVerified && identity.email && !(await users.findByEmail(identity.email))) {
      patch.email = identity.email;
      patch.emailVerifiedAt = now;
    }
    if (!user.phone && identity.phone && !(await users.findByPhone(identity.phone))) patch.phone = identity.phone;
    let linked: { row: IdentityRow; patched: boolean };
    try {
      // The identity and what it adds to the account: one transaction (someone taking the email or
      // phone in between leaves the identity linked without it).
      linked = await repo.insertWithPatch(
        user.id,
        identityValues(projectId, identity, now),
        Object.keys(patch).length > 0 ? { ...patch, updatedAt: now } : undefined,
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await repo.find('firebase', projectId, identity.uid);
      if (winner?.userId === user.id) return winner;
      throw conflict('identity.linked_elsewhere', 'identity.linked_elsewhere');
    }
    if (linked.patched) await userChanged?.(user.id);
    return linked.row;
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>;
