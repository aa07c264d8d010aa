// The notifications module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/notifications.ts, which it loads only when a form validates.

import type { AppNotification } from '../schemas/notifications.js';

/**
 * Where a notification leads in the web app (without a language prefix): the tribe of the post, the
 * tribe, the tribe of the village, the campaign's page, the lesson, the treasury tab of an expense's tribe. The bell and push use it alike.
 * A leader's news leads where to act: join requests to the pending list of the tribe's settings, a
 * village awaiting review to the leaders' review page, a new member to the members tab, a gift to the
 * tribe to its ledger.
 */
export function notificationPath(n: Pick<AppNotification, 'subject'> & { kind?: AppNotification['kind'] }): string {
  const enc = encodeURIComponent;
  const tribe = n.subject.tribe_id ?? (n.subject.type === 'tribe' ? n.subject.id : null);
  if (tribe) {
    switch (n.kind) {
      case 'join_requested':
        return `/tribes/setting/${enc(tribe)}?tab=pending`;
      case 'village_submitted':
        return `/tribes/setting/leader/${enc(tribe)}`;
      case 'member_joined':
        return `/tribes/${enc(tribe)}?tab=members`;
      case 'donation_received':
        if (n.subject.type === 'tribe') return `/tribes/ledger/${enc(tribe)}`;
        break;
      default:
        break;
    }
  }
  switch (n.subject.type) {
    case 'post':
      return n.subject.tribe_id ? `/tribes/${enc(n.subject.tribe_id)}` : '/profile';
    case 'tribe':
      return `/tribes/${enc(n.subject.id)}`;
    case 'village':
      return n.subject.tribe_id ? `/tribes/${enc(n.subject.tribe_id)}` : '/tribe';
    case 'campaign':
      return `/tribes/campaign/detail/${enc(n.subject.id)}`;
    case 'lesson':
      return `/tribe/learning-center/lesson/${enc(n.subject.id)}`;
    case 'donation':
      return '/setting/wallet';
    case 'expense':
      return n.subject.tribe_id ? `/tribes/${enc(n.subject.tribe_id)}?tab=treasury` : '/tribe';
    // A moderation notice and its appeal are listed in the member's moderation settings.
    case 'notice':
      return '/setting/moderation';
    case 'report':
      return '/notifications';
    case 'event':
      return `/events/${enc(n.subject.id)}`;
    case 'conversation':
      return `/messages/${enc(n.subject.id)}`;
  }
}
