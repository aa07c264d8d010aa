import {
  CHANNELS,
  DEFAULT_LOCALE,
  isLocale,
  mergeNotificationSettings,
  NOTIFICATION_KIND_TYPE,
  notificationPath,
  readNotificationSettings,
  translate,
  type AppNotification,
  type Locale,
  type MessageKey,
  type Page,
} from '@tribes/shared';
import { HttpError } from '#src/core/errors.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { notificationMail } from '#src/core/mail/templates.js';
import { quietUntil } from './quiet-hours.js';
import { readUnsubscribeToken, unsubscribeToken, unsubscribeUrl, type UnsubscribeType } from './unsubscribe.js';
import type { Clock } from '#src/core/clock.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserRow, UserAccounts } from '../users/index.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { NotificationRow, NotificationsRepo } from './notifications.repo.js';

/** What a push carries (DESIGN 10.3), in the recipient's language. */
export interface PushPayload {
  type: string;
  title: string;
  body: string;
  url: string;
}

/** The push channel: queues a push to each of the user's subscribed browsers (modules/push). */
export interface PushSender {
  sendToUser(userId: string, payload: PushPayload, options?: { startAfter?: Date }): Promise<void>;
}

interface Deps {
  repo: NotificationsRepo;
  users: UserAccounts;
  storage: Pick<Storage, 'url'>;
  realtime: Pick<Realtime, 'emit'>;
  clock: Clock;
  mailer: Pick<Mailer, 'enqueue'>;
  publicUrl: URL | string;
  appSecret: string;
  /** Everyone on either side of a block with a user (the people module): nobody hears of, or sees, the other. */
  blocks: BlockSource;
  /** Set once the push module is wired (setPush), so the two modules need not know each other's order. */
  push?: PushSender;
}

/** An app URL in the reader's language (the web app prefixes every language but English). */
export function appUrl(publicUrl: URL | string, locale: Locale, path: string): string {
  const href = String(publicUrl);
  const base = href.endsWith('/') ? href : `${href}/`;
  const prefix = locale === DEFAULT_LOCALE ? '' : `${locale}/`;
  return new URL(`${prefix}${path.replace(/^\//, '')}`, base).href;
}

/** How a notification is told. */
export interface NotifyOptions {
  /**
   * The actor stays unnamed (an anonymous gift): stored and told without them, while the rules about
   * them still hold (never one's own act, never across a block).
   */
  anonymous?: boolean;
  /**
   * Told by mail and push only, never in the bell (a message still unread: the conversation list has its
   * own unread counts).
   */
  outsideApp?: boolean;
}

/** Names or titles kept whole inside a sentence of the other direction (Unicode isolates). */
const isolate = (s: string) => `\u2068${s.replace(/\s+/g, ' ').trim()}\u2069`;

/** Notifications: stored, then pushed on the user's private channel, unless the user switched that kind off. */
export function createNotificationsService(deps: Deps) {
  const { repo, users, storage, realtime, clock, mailer, publicUrl, appSecret, blocks } = deps;
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

  /** The account a genuine token names; 404 for a forged one or a deleted account. */
  async function tokenUser(token: string): Promise<{ user: UserRow; type: UnsubscribeType }> {
    const read = readUnsubscribeToken(appSecret, token);
    const user = read ? await users.findById(read.userId) : undefined;
    if (!read || !user) throw new HttpError(404, 'notifications.unsubscribe_invalid');
    return { user, type: read.type };
  }

  const service = {
    /**
     * Notifies a user of something another person did; never of one's own acts, and never of a person
     * on either side of a block with them (DESIGN 11.7): no bell entry, mail or push, whatever the kind.
     * Every notification of every module is made here, so this is the one place that rule lives.
     */
    async notify(
      userId: string,
      kind: AppNotification['kind'],
      actor: UserRow | null,
      subject: AppNotification['subject'],
      options: NotifyOptions = {},
    ): Promise<void> {
      if (actor?.id === userId) return;
      const hidden = await blocks.blockPartners(userId);
      if (actor && hidden.includes(actor.id)) return;
      // An anonymous act (a gift) is checked against its actor above, then told without them.
      if (options.anonymous) actor = null;
      const target = await users.findById(userId);
      if (!target) return;
      const { notifications, quiet_hours } = readNotificationSettings(target.notificationSettings);
      const type = NOTIFICATION_KIND_TYPE[kind];
      const channels = notifications[type];
      if (channels.in_app && !options.outsideApp) {
        const row = await repo.insert({ userId, kind, actorId: actor?.id ?? null, subject, createdAt: clock.now() });
        const unread = await repo.unreadCount(userId, hidden);
        realtime.emit(CHANNELS.user(userId), 'notification.created', {
          notification: present(row, actor ? { id: actor.id, name: actor.name, avatarKey: actor.avatarKey } : null),
          unread_count: unread,
        });
      }
      if (!channels.email && !channels.push) return;
      // Mail and push wait for the end of the member's quiet hours; the bell above does not.
      const notBefore = quietUntil(quiet_hours, clock.now()) ?? undefined;
      const locale: Locale = isLocale(target.locale) ? target.locale : DEFAULT_LOCALE;
      const tr = (key: MessageKey, params?: Record<string, string>) => translate(locale, key, params);
      const sentence = tr(`notify.${kind}` as MessageKey, {
        actor: isolate(actor?.name || tr(kind === 'donation_received' ? 'notify.anonymous_donor' : 'notify.someone')),
        title: isolate(subject.title),
        ...(subject.amount !== undefined
          ? { amount: new Intl.NumberFormat(locale).format(subject.amount), count: String(subject.amount) }
          : {}),
      });
      const url = appUrl(publicUrl, locale, notificationPath({ kind, subject }));
      if (channels.email && target.email && target.emailVerifiedAt) {
        const token = unsubscribeToken(appSecret, userId, type);
        const unsubscribe = unsubscribeUrl(String(publicUrl), token);
        mailer.enqueue({
          to: target.email,
          ...notificationMail(locale, {
            name: target.name,
            sentence,
            url,
            settingsUrl: appUrl(publicUrl, locale, '/setting/personal-setting'),
            unsubscribeUrl: unsubscribe,
            typeName: tr(`notify.type.${type}` as MessageKey),
          }),
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          ...(notBefore ? { notBefore } : {}),
        });
      }
      if (channels.push && deps.push) {
        await deps.push.sendToUser(
          userId,
          { type: kind, title: tr('app.name'), body: sentence, url },
          notBefore ? { startAfter: notBefore } : {},
        );
      }
    },

    /**
     * The same notification to several people (a tribe's leaders), one after the other, each by their own
     * switches and blocks; a failure for one reader does not keep it from the others.
     */
    async notifyMany(
      userIds: Iterable<string>,
      kind: AppNotification['kind'],
      actor: UserRow | null,
      subject: AppNotification['subject'],
      options: NotifyOptions = {},
    ): Promise<void> {
      for (const id of new Set(userIds)) await service.notify(id, kind, actor, subject, options).catch(() => undefined);
    },

    /** The push channel, once its module exists. */
    setPush(push: PushSender): void {
      deps.push = push;
    },

    /** GET /v1/unsubscribe/{token}: what the link turns off, and whether it is still on. */
    async unsubscribeStatus(token: string): Promise<{ type: UnsubscribeType; email_on: boolean }> {
      const { user, type } = await tokenUser(token);
      const settings = readNotificationSettings(user.notificationSettings);
      return { type, email_on: type === 'digest' ? settings.digest !== 'off' : settings.notifications[type].email };
    },

    /** POST /v1/unsubscribe/{token} (RFC 8058 one-click, no sign-in): that type's mail off; idempotent. */
    async unsubscribe(token: string): Promise<{ type: UnsubscribeType; email_on: false }> {
      const { user, type } = await tokenUser(token);
      const body = type === 'digest' ? { digest: 'off' as const } : { notifications: { [type]: { email: false } } };
      await users.update(user.id, {
        notificationSettings: mergeNotificationSettings(user.notificationSettings, body),
        updatedAt: clock.now(),
      });
      return { type, email_on: false };
    },

    /**
     * The bell, newest first. Notifications stored before a block with their actor (either way) are
     * left out of the list and the unread count from then on (and come back after an unblock).
     */
    async list(user: UserRow, q: { cursor?: string; limit: number }): Promise<Page<AppNotification> & { unread_count: number }> {
      const hidden = await blocks.blockPartners(user.id);
      const rows = await repo.list(user.id, readTimeCursor(q.cursor), q.limit + 1, hidden);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => present(r.n, r.actor)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.n.createdAt, last.n.id) : null,
        unread_count: await repo.unreadCount(user.id, hidden),
      };
    },

    async markRead(user: UserRow, ids: string[] | 'all'): Promise<{ unread_count: number }> {
      await repo.markRead(user.id, ids, clock.now());
      return { unread_count: await repo.unreadCount(user.id, await blocks.blockPartners(user.id)) };
    },
  };
  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
