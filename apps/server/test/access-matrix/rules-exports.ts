import { everyone, selfOnly, type Rules } from './types.js';
import type { World } from './world.js';

/** The victim's own export, made once per world: what `foreign` cells ask for. */
const victimExports = new WeakMap<World, Promise<string>>();
const victimExport = (w: World) => {
  if (!victimExports.has(w)) {
    victimExports.set(
      w,
      w.call('POST', '/v1/me/export', w.victim.token).then((d) => d.data.id as string),
    );
  }
  return victimExports.get(w)!;
};

/** The member's data export (DESIGN 11.2): one's own only; the download link is its own key. */
export const exportsRules: Rules = {
  // One a day: each cell asks as a fresh stand-in, so no role's second request meets the limit.
  'exports.requestExport': { expect: selfOnly(), standIn: true },
  'exports.getExport': {
    expect: selfOnly(),
    standIn: true,
    request: async (c) => ({ params: { id: (await c.w.call('POST', '/v1/me/export', c.me!.token)).data.id as string } }),
    foreign: { status: 404, request: async (c) => ({ params: { id: await victimExport(c.w) } }) },
  },
  'exports.downloadExport': {
    expect: everyone(403),
    reason: 'the link is signed with the app secret: a forged one is 403 to everyone, signed in or not',
    request: async (c) => ({
      params: { id: await victimExport(c.w) },
      query: { exp: String(Math.floor(Date.now() / 1000) + 3600), sig: '0'.repeat(64) },
    }),
  },
};
