import { randomBytes } from 'node:crypto';
import {
  mergeNotificationSettings,
  type ChangePasswordBody,
  type PrivacyBody,
  type Role,
  type SettingsBody,
  type UpdateMeBody,
  type User,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { fieldError } from '#src/core/errors.js';
import { reencodeImage } from '#src/core/images.js';
import type { Storage } from '#src/core/storage.js';
import type { AccountFiles, UserPasswords, UserSessions } from './users.ports.js';
import { presentUser } from './users.presenter.js';
import type { UserPatch, UserRow, UsersRepo } from './users.repo.js';

/** Longest side of a stored avatar, in pixels. */
const AVATAR_SIZE = 512;

interface Deps {
  users: UsersRepo;
  tokens: UserSessions;
  passwords: UserPasswords;
  storage: Storage;
  clock: Clock;
  accountFiles?: AccountFiles;
}

/** The signed-in user's own account: profile, password, role, privacy, settings, devices. */
export function createUsersService({ users, tokens, passwords, storage, clock, accountFiles }: Deps) {
  const { assertPasswordIsNotPersonal, hashPassword, verifyPassword } = passwords;
  const update = async (id: string, patch: UserPatch): Promise<UserRow> => {
    const row = await users.update(id, { ...patch, updatedAt: clock.now() });
    if (!row) throw new Error(`user ${id} vanished during update`);
    return row;
  };

  /**
   * The password confirms a sensitive change when the account has one (read from the database: the
   * request's user may be a cached minute-old copy); an account without a password needs none.
   */
  const confirmPassword = async (user: UserRow, password: string | undefined, field: string) => {
    const stored = (await users.findById(user.id)) ?? user;
    if (!stored.passwordHash) return;
    if (password === undefined) throw fieldError(field, 'validation.required');
    if (!(await verifyPassword(stored.passwordHash, password))) throw fieldError(field, 'validation.current_password');
  };

  return {
    /**
     * The signed-in user's own answer object (users.presenter): what every sign-in, the account pages
     * and a tribe's selection answer with. Routes hand their rows here, never to the presenter.
     */
    view: (row: UserRow): User => presentUser(row, storage),

    updateProfile: (user: UserRow, body: UpdateMeBody) => update(user.id, body),

    async setAvatar(user: UserRow, upload: Buffer): Promise<UserRow> {
      const webp = await reencodeImage(upload, 'avatar', AVATAR_SIZE, true);
      const key = `avatars/${user.id}/${randomBytes(12).toString('hex')}.webp`;
      await storage.put(key, webp, 'image/webp');
      const row = await update(user.id, { avatarKey: key });
      if (user.avatarKey) await storage.delete(user.avatarKey).catch(() => undefined);
      return row;
    },

    /**
     * Sets a new password, confirmed by the current one; an account without a password (made from a
     * phone or Google identity, or whose password was removed) sets its first one without.
     */
    async changePassword(user: UserRow, currentTokenId: string, body: ChangePasswordBody): Promise<void> {
      await confirmPassword(user, body.current_password, 'current_password');
      assertPasswordIsNotPersonal(body.password, user);
      await update(user.id, { passwordHash: await hashPassword(body.password) });
      await tokens.revokeAll(user.id, currentTokenId);
    },

    /**
     * Deletes the account, confirmed by its password when it has one (it is signed in either way).
     * What it wrote goes with it; its money records stay without a name (donations, payments and
     * ledger lines keep the ledger exact, DESIGN 11.2).
     */
    async deleteAccount(user: UserRow, password: string | undefined): Promise<void> {
      await confirmPassword(user, password, 'password');
      // Files first: their rows (which name them) go with the account.
      await accountFiles?.forget(user.id);
      await users.delete(user.id);
      if (user.avatarKey) await storage.delete(user.avatarKey).catch(() => undefined);
    },

    /** Saves the role; the onboarding step moves on once, never back. */
    setRole(user: UserRow, role: Role): Promise<UserRow> {
      const lastStep = user.lastStep === null || user.lastStep === 'email-verified' ? 'role-selection-completed' : user.lastStep;
      return update(user.id, { role, lastStep });
    },

    setPrivacy(user: UserRow, body: PrivacyBody): Promise<UserRow> {
      return update(user.id, {
        ...(body.profile_visibility ? { profileVisibility: body.profile_visibility } : {}),
        ...(body.show_on_map !== undefined ? { showOnMap: body.show_on_map } : {}),
      });
    },

    setSettings(user: UserRow, body: SettingsBody): Promise<UserRow> {
      return update(user.id, {
        ...(body.language ? { locale: body.language } : {}),
        ...(body.notifications || body.digest || body.quiet_hours !== undefined || body.read_receipts !== undefined
          ? { notificationSettings: mergeNotificationSettings(user.notificationSettings, body) }
          : {}),
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** The one use other modules' routes make of the users service: a user row as its owner's answer object. */
export type UserViews = Pick<UsersService, 'view'>;
