/**
 * The features whose messages the guest pages (sign-in, sign-up, the password and code pages, the landing page's
 * sign-in offers) show: loaded with the app's own messages. Every other feature's messages load with the first
 * page that is not a guest page (app/i18n.ts loadMemberMessages). vite.config.ts chunks the catalogues by this.
 */
export const GUEST_MESSAGE_FEATURES = ['identity', 'passkeys', 'twofactor', 'reauth', 'offline'] as const;

const GUEST = new RegExp(`[\\\\/]features[\\\\/](?:${GUEST_MESSAGE_FEATURES.join('|')})[\\\\/]locales[\\\\/]`);
const FEATURE_MESSAGES = /[\\/]features[\\/][^\\/]+[\\/]locales[\\/]/;

/** True for the app's messages and a guest feature's; false for a signed-in feature's (a path or module id). */
export function isGuestMessages(path: string): boolean {
  return !FEATURE_MESSAGES.test(path) || GUEST.test(path);
}
