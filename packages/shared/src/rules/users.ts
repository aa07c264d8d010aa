// The users module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/users.ts, which it loads only when a form validates.

import type { NotificationSettings } from '../schemas/users.js';

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
] as const;

/** In the app on; mail and push off until the member turns them on. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = Object.fromEntries(
  NOTIFICATION_TYPES.map((t) => [t, { in_app: true, email: false, push: false }]),
) as NotificationSettings;
