// The users module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/users.ts, which it loads only when a form validates.

import type { NotificationSettings, NotificationType } from '../schemas/users.js';

/** The types a member can switch per channel (DESIGN 10.3); each notification kind belongs to one. */
export const NOTIFICATION_TYPES = [
  'comments',
  'likes',
  'mentions',
  'membership',
  'villages',
  'donations',
  'campaigns',
  'courses',
  // Notices of moderation: an act on the member's content, account or tribe, an appeal decided, a report's outcome (DESIGN 11).
  'moderation',
  // Gatherings of my tribes: reminders 24 h and 1 h before, changes, cancellations, a waitlist place (DESIGN 11.3).
  'events',
  // A message still unread after 10 minutes (DESIGN 11.4); the bell never lists messages, the shell counts them.
  'messages',
] as const;

/** Types whose every channel starts on: a reminder or a waiting message is missed if it stays in the app. */
const ON_EVERYWHERE: readonly NotificationType[] = ['events', 'messages'];

/** In the app on; mail and push off until the member turns them on, except reminders and messages (DESIGN 11.3). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_TYPES.map((t) => {
    const on = ON_EVERYWHERE.includes(t);
    return [t, { in_app: true, email: on, push: on }];
  }),
) as NotificationSettings;
