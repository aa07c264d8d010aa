import { uniqueEmail } from '../factories.js';
import { ACTIVE, NOT_ACTIVE, by, everyone, selfOnly, type Rules } from './types.js';
import { imageForm } from './world.js';

/**
 * The caller's own account (/v1/me and friends), notifications, push, realtime authorisation, and the
 * public system endpoints. Acts that spend the account (sign out elsewhere, new password, role,
 * deletion) run as a fresh stand-in of each role.
 */

export const accountRules: Rules = {
  'users.me': { expect: selfOnly() },
  'users.updateMe': { expect: selfOnly(), request: () => ({ body: { bio: 'Hello' } }) },
  'users.deleteMe': {
    expect: selfOnly(),
    standIn: true,
    request: (c) => ({ body: { password: c.me?.password ?? 'x'.repeat(12) } }),
  },
  'users.avatar': { expect: selfOnly(), request: async () => ({ form: await imageForm('avatar') }) },
  'users.changePassword': {
    expect: selfOnly(),
    standIn: true,
    request: (c) => ({
      body: {
        current_password: c.me?.password ?? 'x'.repeat(12),
        password: 'another pass phrase 2',
        password_confirmation: 'another pass phrase 2',
      },
    }),
  },
  'users.sessions': { expect: selfOnly() },
  // A second session of the caller's own; another person's session is not found.
  'users.revokeSession': {
    expect: selfOnly(),
    request: async (c) => {
      await c.w.session(c.me!);
      const { data } = await c.w.call('GET', '/v1/me/sessions', c.me!.token);
      return { params: { id: (data.items as { id: string; current: boolean }[]).find((s) => !s.current)!.id } };
    },
    foreign: { status: 404, request: (c) => ({ params: { id: c.w.ids.victimSession! } }) },
  },
  'users.revokeOtherSessions': { expect: selfOnly(), standIn: true },
  'users.setRole': { expect: selfOnly(), standIn: true, request: () => ({ body: { role: 'supporter' } }) },
  'users.setPrivacy': { expect: selfOnly(), request: () => ({ body: { show_on_map: false } }) },
  'users.setSettings': { expect: selfOnly(), request: () => ({ body: { digest: 'off' } }) },
  'users.patchSettings': { expect: selfOnly(), request: () => ({ body: { digest: 'off' } }) },

  'crypto.list': { expect: selfOnly() },
  'crypto.nonce': { expect: selfOnly() },
  'crypto.link': {
    expect: selfOnly(),
    tolerate: [400],
    reason: 'no Ethereum key signs here: the message and signature are unprovable on purpose (400 is about them)',
    request: () => ({ body: { message: 'not a SIWE message', signature: '0x00' } }),
  },
  'crypto.unlink': {
    expect: by({ 404: ['leader', 'moderator', 'member', 'banned', 'pending', 'otherLeader', 'outsider'], 401: ['anonymous'] }),
    reason: 'no wallet can be linked without a signature: an unknown id is 404 to every signed-in caller',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
  },

  'digest.preview': { expect: selfOnly() },
  'notifications.list': { expect: selfOnly() },
  'notifications.read': { expect: selfOnly(), request: () => ({ body: { all: true } }) },
  'notifications.unsubscribeStatus': {
    expect: everyone(404),
    reason: 'unsubscribe tokens are signed by the mailer: a forged one is 404 to everyone',
    request: () => ({ params: { token: 'forged.token' } }),
  },
  'notifications.unsubscribe': {
    expect: everyone(404),
    reason: 'unsubscribe tokens are signed by the mailer: a forged one is 404 to everyone',
    request: () => ({ params: { token: 'forged.token' } }),
  },

  'push.vapidKey': { expect: everyone() },
  'push.subscribe': {
    expect: selfOnly(),
    request: (c) => ({
      body: {
        endpoint: `https://push.example.test/${c.role}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    }),
  },
  'push.unsubscribe': { expect: selfOnly(), request: (c) => ({ body: { endpoint: `https://push.example.test/${c.role}` } }) },

  // Tribe A's private channel: its active members only.
  'realtime.channelAuth': {
    expect: by({ allow: ACTIVE, 403: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ body: { socket_id: '123.456', channel_name: `private-tribe.${c.w.tribeA}` } }),
    // Nobody subscribes to another person's own channel.
    foreign: {
      status: 403,
      request: (c) => ({ body: { socket_id: '123.456', channel_name: `private-App.Models.User.${c.w.victim.id}` } }),
    },
  },
  'realtime.userAuth': { expect: selfOnly(), request: () => ({ body: { socket_id: '123.456' } }) },
  // Any signed-in user may ask; each channel is judged in its place (test/integration/realtime/auth-batch).
  'realtime.channelAuthBatch': {
    expect: selfOnly(),
    request: (c) => ({ body: { socket_id: '123.456', channel_names: [`private-tribe.${c.w.tribeA}`] } }),
  },

  'system.config': { expect: everyone() },
  'system.health': { expect: everyone() },
  'system.live': { expect: everyone() },
  'system.ready': { expect: everyone() },
  'contact.contact': {
    expect: everyone(),
    request: () => ({ body: { name: 'Ana', email: uniqueEmail(), subject: 'Hi', message: 'Hello there' } }),
  },
  'contact.feedback': { expect: everyone(), request: () => ({ body: { message: 'Nice app' } }) },
  // A tribe-only photo's signed link is the key: whoever holds it gets the file, signed in or not.
  'media.privateFile': { expect: everyone(), request: (c) => ({ url: c.w.privateMediaUrl }) },
};
