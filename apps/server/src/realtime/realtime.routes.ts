import type { FastifyInstance, FastifyRequest } from 'fastify';
import { realtimeEndpoints as api } from '@tribes/shared';
import { z } from 'zod';
import { forbidden, HttpError } from '#src/core/errors.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sent } from '#src/core/route.js';
import type { Storage } from '#src/core/storage.js';
import { authorizeChannel, SOCKET_ID, type ChannelMemberships, type ConversationMemberships } from './authorize.js';
import type { Realtime } from './realtime.js';
import { channelAuth, userAuth, verifyApiRequest } from './signing.js';

const TriggerSchema = z.object({
  name: z.string().min(1).max(200),
  data: z.string().max(10 * 1024),
  channel: z.string().min(1).max(200).optional(),
  channels: z.array(z.string().min(1).max(200)).min(1).max(100).optional(),
  socket_id: z.string().regex(SOCKET_ID).optional(),
  info: z.string().optional(),
});
const BatchSchema = z.object({
  batch: z
    .array(TriggerSchema.omit({ channels: true }).required({ channel: true }))
    .min(1)
    .max(10),
});

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * Channel authorisation for Echo/pusher-js (the answers are the protocol's own JSON, not the
 * API envelope) and the Pusher HTTP API with request signing, so the official server SDKs publish.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  {
    ctx,
  }: { ctx: { realtime: Realtime; storage: Storage; memberships: ChannelMemberships; conversations?: ConversationMemberships } },
) {
  const rt = ctx.realtime;
  // pusher-js posts its auth requests as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const auth = { config: limit(app, LIMITS.realtimeAuth) };

  // Declared in packages/shared/src/contract/realtime.ts: the answers are Pusher's JSON, sent as they are.
  route(
    app,
    api.channelAuth,
    auth,
  )(async (req, reply) => {
    const { socket_id, channel_name } = req.body;
    const decision = await authorizeChannel(channel_name, req.auth!, {
      tribes: ctx.memberships,
      conversations: ctx.conversations,
      storage: ctx.storage,
    });
    if (!decision.allowed) throw forbidden();
    reply.send(
      decision.channelData
        ? {
            auth: channelAuth(rt.appKey, rt.secret, socket_id, channel_name, decision.channelData),
            channel_data: decision.channelData,
          }
        : { auth: channelAuth(rt.appKey, rt.secret, socket_id, channel_name) },
    );
    return sent(reply);
  });

  route(
    app,
    api.userAuth,
    auth,
  )(async (req, reply) => {
    const { socket_id } = req.body;
    const user = req.auth!.user;
    const userData = JSON.stringify({ id: user.id, user_info: { name: user.name } });
    reply.send({ auth: userAuth(rt.appKey, rt.secret, socket_id, userData), user_data: userData });
    return sent(reply);
  });

  // The Pusher server HTTP API: another protocol (requests signed by the Pusher server SDKs, answers in
  // Pusher's shapes), hidden from the OpenAPI document; test/integration/app/openapi.int.test.ts holds that.
  await app.register(async (api) => {
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, body ? JSON.parse(body as string) : {});
      } catch {
        done(Object.assign(new Error('Malformed JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
      }
    });
    api.addHook('preHandler', async (req) => {
      const { app_id } = req.params as { app_id: string };
      if (app_id !== rt.appId) throw new HttpError(404, 'errors.not_found');
      const ok = verifyApiRequest({
        method: req.method,
        path: req.url.split('?')[0]!,
        query: req.query as Record<string, string>,
        rawBody: req.rawBody ?? '',
        key: rt.appKey,
        secret: rt.secret,
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      if (!ok) throw new HttpError(401, 'errors.unauthorized');
    });

    api.post('/apps/:app_id/events', { schema: { hide: true, tags: ['realtime'], body: TriggerSchema } }, async (req) => {
      const body = req.body as z.infer<typeof TriggerSchema>;
      const channels = body.channels ?? (body.channel ? [body.channel] : []);
      if (channels.length === 0) throw new HttpError(400, 'errors.bad_request');
      await Promise.all(channels.map((c) => rt.hub.publish(c, body.name, body.data, body.socket_id)));
      return {};
    });

    api.post('/apps/:app_id/batch_events', { schema: { hide: true, tags: ['realtime'], body: BatchSchema } }, async (req) => {
      const { batch } = req.body as z.infer<typeof BatchSchema>;
      await Promise.all(batch.map((e) => rt.hub.publish(e.channel, e.name, e.data, e.socket_id)));
      return { batch: batch.map(() => ({})) };
    });

    api.get('/apps/:app_id/channels', { schema: { hide: true, tags: ['realtime'] } }, async (req) => {
      const { filter_by_prefix: prefix = '' } = req.query as { filter_by_prefix?: string };
      const channels: Record<string, { user_count?: number }> = {};
      for (const c of rt.hub.localChannels().filter((c) => c.startsWith(prefix))) {
        channels[c] = c.startsWith('presence-') ? { user_count: (await rt.hub.presenceUsers(c)).length } : {};
      }
      return { channels };
    });

    api.get('/apps/:app_id/channels/:channel', { schema: { hide: true, tags: ['realtime'] } }, async (req) => {
      const { channel } = req.params as { channel: string };
      const count = rt.hub.localSubscriptionCount(channel);
      const users = channel.startsWith('presence-') ? (await rt.hub.presenceUsers(channel)).length : undefined;
      return {
        occupied: count > 0 || (users ?? 0) > 0,
        subscription_count: count,
        ...(users !== undefined ? { user_count: users } : {}),
      };
    });

    api.get('/apps/:app_id/channels/:channel/users', { schema: { hide: true, tags: ['realtime'] } }, async (req) => {
      const { channel } = req.params as { channel: string };
      if (!channel.startsWith('presence-')) throw new HttpError(400, 'errors.bad_request');
      return { users: (await rt.hub.presenceUsers(channel)).map((u) => ({ id: u.user_id })) };
    });
  });
}
