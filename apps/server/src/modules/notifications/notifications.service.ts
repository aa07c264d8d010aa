import { CHANNELS, NOTIFICATION_KIND_TYPE, readNotificationSettings, type AppNotification, type Page } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserRow, UsersRepo } from '../users/users.repo.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { NotificationRow, NotificationsRepo } from './notifications.repo.js';

interface Deps {
  repo: NotificationsRepo;
  users: UsersRepo;
  storage: Pick<Storage, 'url'>;
  realtime: Pick<Realtime, 'emit'>;
  clock: Clock;
}

/** Notifications: stored, then pushed on the user's private channel, unless the user switched that kind off. */
export function createNotificationsService({ repo, users, storage, realtime, clock }: Deps) {
  const present = (
    n: NotificationRow,
    actor: { id: string | null; name: string | null; avatarKey: string | null } | null,
  ): AppNotification => ({
    id: n.id,
    kind: n.kind as AppNotification['kind'],
    actor: actor?.id
      ? { id: actor.id, name: actor.name ?? '', avatar_url: actor.avatarKey ? storage.url(actor.avatarKey) : null }
      : null,
    subject: n.subject,
    read: n.readAt !== null,
    created_at: n.createdAt.toISOString(),
  });

  return {
    /** Notifies a user of something another person did; never of one's own acts. */
    async notify(
      userId: string,
      kind: AppNotification['kind'],
      actor: UserRow | null,
      subject: AppNotification['subject'],
    ): Promise<void> {
      if (actor?.id === userId) return;
      const target = await users.findById(userId);
      if (!target) return;
      const { notifications } = readNotificationSettings(target.notificationSettings);
      if (!notifications[NOTIFICATION_KIND_TYPE[kind]].in_app) return;
      const row = await repo.insert({ userId, kind, actorId: actor?.id ?? null, subject, createdAt: clock.now() });
      const unread = await repo.unreadCount(userId);
      realtime.emit(CHANNELS.user(userId), 'notification.created', {
        notification: present(row, actor ? { id: actor.id, name: actor.name, avatarKey: actor.avatarKey } : null),
        unread_count: unread,
      });
    },

    async list(user: UserRow, q: { cursor?: string; limit: number }): Promise<Page<AppNotification> & { unread_count: number }> {
      const rows = await repo.list(user.id, readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => present(r.n, r.actor)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.n.createdAt, last.n.id) : null,
        unread_count: await repo.unreadCount(user.id),
      };
    },

    async markRead(user: UserRow, ids: string[] | 'all'): Promise<{ unread_count: number }> {
      await repo.markRead(user.id, ids, clock.now());
      return { unread_count: await repo.unreadCount(user.id) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
