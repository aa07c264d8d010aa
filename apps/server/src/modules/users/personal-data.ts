import type { UsersRepo } from './users.repo.js';

/**
 * What the users module holds of one member, for their data export (DESIGN 11.2): their profile
 * and settings as stored (never the password's hash), and their avatar.
 */
export function createUsersPersonalData(users: Pick<UsersRepo, 'findById'>) {
  return {
    async collect(userId: string) {
      const u = await users.findById(userId);
      if (!u) return { sections: {} };
      return {
        sections: {
          profile: {
            id: u.id,
            name: u.name,
            email: u.email,
            email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
            phone: u.phone,
            bio: u.bio,
            locale: u.locale,
            role: u.role,
            avatar: u.avatarKey ? `media/${u.avatarKey}` : null,
            profile_visibility: u.profileVisibility,
            show_on_map: u.showOnMap,
            primary_tribe_id: u.primaryTribeId,
            notification_settings: u.notificationSettings,
            created_at: u.createdAt.toISOString(),
            updated_at: u.updatedAt.toISOString(),
          },
        },
        media: u.avatarKey ? [u.avatarKey] : [],
      };
    },
  };
}
