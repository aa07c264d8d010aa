import { contactEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { ContactService } from './contact.service.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface ContactRoutesDeps {
  contact: ContactService;
}

/** POST /v1/contact and /v1/feedback: public, optionally signed in (the sender is then linked). */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: ContactRoutesDeps }) {
  const service = ctx.contact;
  const sender = (req: FastifyRequest) => ({ userId: req.auth?.user.id ?? null, locale: req.locale });
  const limited = { config: limit(app, LIMITS.publicWrite) };

  route(
    app,
    api.contact,
    limited,
  )(async (req) => {
    const row = await service.sendMessage(req.body, sender(req));
    return { data: { id: row.id }, message: 'contact.sent' };
  });

  route(
    app,
    api.feedback,
    limited,
  )(async (req) => {
    const row = await service.sendFeedback(req.body, sender(req));
    return { data: { id: row.id }, message: 'feedback.sent' };
  });
}
