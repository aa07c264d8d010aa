import { z } from 'zod';
import { AppNotificationSchema, ReadNotificationsBodySchema } from '../schemas/notifications.js';
import { PageQuerySchema } from '../schemas/posts.js';
import { endpoint } from './endpoint.js';

/**
 * The signed-in user's notifications (DESIGN section 5): comments on and likes of their posts,
 * approved memberships and villages, each kind unless switched off in their settings. New ones are
 * also pushed live on the user's private channel (`notification.created`, with the unread count).
 */

const tags = ['notifications'] as const;

const UnreadCount = z.number().int();

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
} as const;
