import { z } from 'zod';
import { PersonRefSchema, UuidSchema } from './common.js';

export const NOTIFICATION_KINDS = ['comment', 'like', 'membership_approved', 'village_approved', 'campaign_update'] as const;

/** A notification as GET /v1/notifications lists it and the user channel pushes it. */
export const AppNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who caused it, when a person did. */
  actor: PersonRefSchema.nullable(),
  /** What it is about: a post, a tribe, a village, a campaign. */
  subject: z.object({
    type: z.enum(['post', 'tribe', 'village', 'campaign']),
    id: z.string(),
    title: z.string(),
    tribe_id: z.string().nullable().optional(),
  }),
  read: z.boolean(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof AppNotificationSchema>;

/** POST /v1/notifications/read: some notifications by id, or all of them (`{}` or `{ all: true }`). */
export const ReadNotificationsBodySchema = z.strictObject({
  ids: z.array(UuidSchema).min(1).max(100).optional(),
  all: z.literal(true).optional(),
});
export type ReadNotificationsBody = z.infer<typeof ReadNotificationsBodySchema>;
