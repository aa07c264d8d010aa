import { contactEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#src/composition.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import { createContactRepo } from './contact.repo.js';
import { createContactService } from './contact.service.js';

/** POST /v1/contact and /v1/feedback: public, optionally signed in (the sender is then linked). */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Wired here rather than in the shared context: nothing else needs this service.
  const service = createContactService({
    repo: createContactRepo(ctx.db),
    mailer: ctx.mailer,
    operatorEmail: ctx.config.operatorEmail,
  });
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
