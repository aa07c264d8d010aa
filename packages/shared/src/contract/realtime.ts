import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Channel authorisation for Echo / pusher-js. These two endpoints live at the server's root
 * (`/broadcasting/...`, not under /api) and answer the Pusher protocol's own JSON, not the API
 * envelope; their errors are the usual envelope. pusher-js posts them as a form, Echo may post JSON.
 * (The Pusher server HTTP API, `/apps/{app_id}/...`, is another protocol signed by the Pusher
 * server SDKs: it is left out of the OpenAPI document.)
 */
const tags = ['realtime'] as const;

/** A channel name as the Pusher protocol allows it (the hub refuses any other). */
export const PUSHER_CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
/** A socket id as the hub hands them out: two integers. */
export const PUSHER_SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

export const ChannelAuthBodySchema = z.object({
  socket_id: z.string().regex(PUSHER_SOCKET_ID),
  channel_name: z.string().regex(PUSHER_CHANNEL_NAME),
});
export const UserAuthBodySchema = z.object({ socket_id: z.string().regex(PUSHER_SOCKET_ID) });
/** Channels a socket joins at once (issue 42: a page's channels signed in one request, not one each). */
export const CHANNEL_AUTH_BATCH_MAX = 20;
export const ChannelAuthBatchBodySchema = z.strictObject({
  socket_id: z.string().regex(PUSHER_SOCKET_ID),
  channel_names: z.array(z.string().regex(PUSHER_CHANNEL_NAME)).min(1).max(CHANNEL_AUTH_BATCH_MAX),
});

/**
 * `auth` is `key:signature`, with the signed `channel_data` (a JSON string): the user (and, on a
 * presence channel, the member's user_info), the session and the time of the check, so the server
 * ends the subscription when the session is revoked or the membership ends.
 */
export const ChannelAuthSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
export type ChannelAuth = z.infer<typeof ChannelAuthSchema>;
/** `user_data` is the signed-in user as a JSON string `{ id, user_info: { name } }`. */
export const UserAuthSchema = z.object({ auth: z.string(), user_data: z.string() });
export type UserAuth = z.infer<typeof UserAuthSchema>;
/** Each channel asked: its signature, or 403 when the user may not read it (the others are still signed). */
export const ChannelAuthBatchSchema = z.object({
  channels: z.record(z.string(), z.union([ChannelAuthSchema, z.object({ status: z.literal(403) })])),
});
export type ChannelAuthBatch = z.infer<typeof ChannelAuthBatchSchema>;

const consumes = ['application/x-www-form-urlencoded', 'application/json'] as const;

export const realtimeEndpoints = {
  channelAuth: endpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    summary:
      "Signs a socket's subscription to a private or presence channel the user may read (Pusher protocol, at the " +
      "server's root); 403 for any other channel.",
    tags,
    auth: 'user',
    body: ChannelAuthBodySchema,
    consumes,
    data: ChannelAuthSchema,
    errors: [401, 403],
    produces: 'application/json',
  }),
  channelAuthBatch: endpoint({
    method: 'POST',
    path: '/broadcasting/auth/batch',
    summary:
      "Signs a socket's subscriptions to several channels in one request (the web app joins a page's channels " +
      'together); each channel the user may not read is answered 403 in its place.',
    tags,
    auth: 'user',
    body: ChannelAuthBatchBodySchema,
    consumes: ['application/json'],
    data: ChannelAuthBatchSchema,
    errors: [401],
    produces: 'application/json',
  }),
  userAuth: endpoint({
    method: 'POST',
    path: '/broadcasting/user-auth',
    summary: "Signs a socket's user authentication (Pusher's signin, at the server's root) with the user's id and name.",
    tags,
    auth: 'user',
    body: UserAuthBodySchema,
    consumes,
    data: UserAuthSchema,
    errors: [401],
    produces: 'application/json',
  }),
};
