import { readNotificationSettings, isLocale, type LastStep, type ProfileVisibility, type Role, type User } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import type { UserRow } from './users.repo.js';

/** The signed-in user's own view of their account: an explicit allowlist of fields. */
export function presentUser(row: UserRow, storage: Pick<Storage, 'url'>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    phone: row.phone ?? null,
    avatar_url: row.avatarKey ? storage.url(row.avatarKey) : null,
    bio: row.bio,
    locale: isLocale(row.locale) ? row.locale : 'en',
    role: (row.role as Role | null) ?? null,
    platform_role: row.platformRole === 'operator' ? 'operator' : null,
    created_at: row.createdAt.toISOString(),
    profile: {
      last_step: (row.lastStep as LastStep | null) ?? null,
      primary_tribe_id: row.primaryTribeId ?? null,
    },
    privacy: {
      profile_visibility: row.profileVisibility as ProfileVisibility,
      show_on_map: row.showOnMap,
    },
    settings: readNotificationSettings(row.notificationSettings),
  };
}
