import { z } from 'zod';
import { AppNotificationSchema, ReadNotificationsBodySchema } from '../schemas/notifications.js';
import { NOTIFICATION_TYPES } from '../schemas/users.js';
import { PageQuerySchema } from '../schemas/posts.js';
import { endpoint } from './endpoint.js';

/**
 * The signed-in user's notifications (DESIGN section 5): comments on and likes of their posts,
 * approved memberships and villages, each kind unless switched off in their settings. New ones are
 * also pushed live on the user's private channel (`notification.created`, with the unread count).
 */

const tags = ['notifications'] as const;

const UnreadCount = z.number().int();

/** An unsubscribe link's token, as a notification mail carries it (`<user id>.<type>.<mac>`). */
export const UnsubscribeParamsSchema = z.strictObject({ token: z.string().trim().min(1).max(200) });
const UnsubscribeStateSchema = z.object({ type: z.enum([...NOTIFICATION_TYPES, 'digest']), email_on: z.boolean() });

export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/notifications',
    summary: 'My notifications, newest first, page by page, with the number still unread.',
    tags,
    auth: 'user',
    query: PageQuerySchema,
    data: z.object({
      items: z.array(AppNotificationSchema),
      next_cursor: z.string().nullable(),
      unread_count: UnreadCount,
    }),
    errors: [401],
  }),
  read: endpoint({
    method: 'POST',
    path: '/v1/notifications/read',
    summary: 'Marks notifications read: those of `ids`, or all of them (`{}` or `{ "all": true }`); answers the unread count.',
    tags,
    auth: 'user',
    body: ReadNotificationsBodySchema,
    data: z.object({ unread_count: UnreadCount }),
    errors: [401],
  }),
  unsubscribeStatus: endpoint({
    method: 'GET',
    path: '/v1/unsubscribe/{token}',
    summary:
      "What an unsubscribe link turns off (a notification type's mail, or the weekly digest) and whether it is on; no sign-in.",
    tags,
    auth: 'public',
    params: UnsubscribeParamsSchema,
    data: UnsubscribeStateSchema,
    errors: [404],
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/v1/unsubscribe/{token}',
    summary:
      "One-click unsubscribe (RFC 8058), no sign-in: turns that type's mail (or the digest) off and answers 200; the same again changes nothing. `POST /unsubscribe/{token}`, the URI of the mail's List-Unsubscribe header, does the same.",
    tags,
    auth: 'public',
    params: UnsubscribeParamsSchema,
    data: UnsubscribeStateSchema,
    errors: [404],
  }),
} as const;
