import { z } from 'zod';
import { PersonRefSchema, UuidSchema } from './common.js';
import type { NotificationType } from './users.js';

export * from '../rules/notifications.js';

export const NOTIFICATION_KINDS = [
  'comment',
  'like',
  'mention',
  'membership_approved',
  'village_approved',
  'campaign_update',
  'campaign_closed',
  'lesson_opened',
  'expense_proposed',
  'expense_approved',
  'expense_rejected',
  'expense_paid',
  'donation_refunded',
  'pledge_failed',
  'pledge_stopped',
  // What a tribe's leaders (and, for join requests, its moderators) are told needs them (issue 37.8).
  'join_requested',
  'member_joined',
  'village_submitted',
  'donation_received',
  // Moderation (DESIGN 11.2): a notice to the member acted on, an appeal decided, a reporter told the outcome.
  'moderation_notice',
  'appeal_decided',
  'report_outcome',
  // Events (DESIGN 11.3): a reminder 24 h or 1 h before, a change of time or place, a cancellation, a waitlist place freed.
  'event_reminder',
  'event_changed',
  'event_cancelled',
  'event_promoted',
  // Messages (DESIGN 11.4): sent by mail and push only, when a message stays unread for 10 minutes.
  'message_unread',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The type (settings switch) each kind belongs to (DESIGN 10.3). */
export const NOTIFICATION_KIND_TYPE: Record<NotificationKind, NotificationType> = {
  comment: 'comments',
  like: 'likes',
  mention: 'mentions',
  membership_approved: 'membership',
  village_approved: 'villages',
  campaign_update: 'donations',
  campaign_closed: 'campaigns',
  lesson_opened: 'courses',
  // The treasury's steps are money news, under the same switch as donations.
  expense_proposed: 'donations',
  expense_approved: 'donations',
  expense_rejected: 'donations',
  expense_paid: 'donations',
  donation_refunded: 'donations',
  pledge_failed: 'donations',
  pledge_stopped: 'donations',
  // A leader's news of the tribe: under the switches that already name them (membership: "requests to
  // join your tribes"; villages: "new villages in your tribes"; donations: "to your tribes and campaigns").
  join_requested: 'membership',
  member_joined: 'membership',
  village_submitted: 'villages',
  donation_received: 'donations',
  moderation_notice: 'moderation',
  appeal_decided: 'moderation',
  report_outcome: 'moderation',
  event_reminder: 'events',
  event_changed: 'events',
  event_cancelled: 'events',
  event_promoted: 'events',
  message_unread: 'messages',
};

export const NOTIFICATION_SUBJECT_TYPES = [
  'post',
  'tribe',
  'village',
  'campaign',
  'lesson',
  'expense',
  'donation',
  'notice',
  'report',
  'event',
  'conversation',
] as const;

/** A notification as GET /v1/notifications lists it and the user channel pushes it. */
export const AppNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who caused it, when a person did. */
  actor: PersonRefSchema.nullable(),
  /** What it is about: a post, a tribe, a village, a campaign. */
  subject: z.object({
    type: z.enum(NOTIFICATION_SUBJECT_TYPES),
    id: z.string(),
    title: z.string(),
    tribe_id: z.string().nullable().optional(),
    /** Tokens given (donation_received), shown in the sentence. */
    amount: z.number().int().optional(),
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
