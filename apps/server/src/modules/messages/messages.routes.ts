import { MESSAGE_LIMITS, messagesEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { readForm } from '#src/core/form.js';
import { optionalIdempotencyKey } from '#src/core/idempotency-key.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { ConversationsService } from './conversations.service.js';
import type { MessagesService } from './messages.service.js';

/** The services these routes use, passed by the app. */
export interface MessagesRoutesDeps {
  conversations: ConversationsService;
  messages: MessagesService;
}

/** Messages (DESIGN 11.4; contract in packages/shared/src/contract/messages.ts). */
export async function messagesRoutes(app: FastifyInstance, { ctx }: { ctx: MessagesRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(
    app,
    api.createConversation,
    write,
  )(async (req) => {
    const { conversation, status } = await ctx.conversations.create(req.auth!.user, req.body);
    return { data: { conversation }, message: 'messages.started', statusCode: status };
  });
  route(app, api.listConversations)(async (req) => ({ data: await ctx.conversations.list(req.auth!.user, req.query) }));
  route(
    app,
    api.showConversation,
  )(async (req) => ({
    data: { conversation: await ctx.conversations.show(req.auth!.user, req.params.id) },
  }));
  route(app, api.listMessages)(async (req) => ({ data: await ctx.messages.list(req.auth!.user, req.params.id, req.query) }));
  // 30 messages a minute per sender (DESIGN 11.4), counted in the shared rate-limit store across nodes.
  route(app, api.sendMessage, { config: limit(app, LIMITS.messages) })(async (req) => {
    // One file more than allowed is read, so the service answers its own field error for it.
    const { fields, files } = await readForm(req, api.sendMessage, { fileSize: MESSAGE_LIMITS.photoMaxBytes, maxFiles: 2 });
    const { message, status } = await ctx.messages.send(req.auth!.user, req.params.id, fields, files, {
      key: optionalIdempotencyKey(req),
    });
    return { data: { message }, message: 'messages.sent', statusCode: status };
  });
  route(
    app,
    api.markRead,
    write,
  )(async (req) => ({
    data: { read: await ctx.conversations.markRead(req.auth!.user, req.params.id, req.body.up_to) },
    message: 'messages.read',
  }));
  route(
    app,
    api.accept,
    write,
  )(async (req) => ({
    data: { conversation: await ctx.conversations.accept(req.auth!.user, req.params.id) },
    message: 'messages.accepted',
  }));
  route(
    app,
    api.decline,
    write,
  )(async (req) => {
    await ctx.conversations.decline(req.auth!.user, req.params.id);
    return { data: {}, message: 'messages.declined' };
  });
  route(
    app,
    api.leave,
    write,
  )(async (req) => {
    await ctx.conversations.leave(req.auth!.user, req.params.id);
    return { data: {}, message: 'messages.left' };
  });
  route(
    app,
    api.mute,
    write,
  )(async (req) => ({
    data: { conversation: await ctx.conversations.mute(req.auth!.user, req.params.id, req.body.muted) },
    message: req.body.muted ? 'messages.muted' : 'messages.unmuted',
  }));
  route(
    app,
    api.editMessage,
    write,
  )(async (req) => ({
    data: { message: await ctx.messages.edit(req.auth!.user, req.params.id, req.body.body) },
    message: 'messages.edited',
  }));
  route(
    app,
    api.deleteMessage,
    write,
  )(async (req) => ({
    data: { message: await ctx.messages.remove(req.auth!.user, req.params.id) },
    message: 'messages.deleted',
  }));
  route(
    app,
    api.reportMessage,
    write,
  )(async (req) => {
    await ctx.messages.report(req.auth!.user, req.params.id, req.body.reason);
    return { data: {}, message: 'reports.created' };
  });
}
