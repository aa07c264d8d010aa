import { ContactBodySchema, FeedbackBodySchema } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { createContactRepo } from './contact.repo.js';
import { createContactService } from './contact.service.js';

/** POST /v1/contact and /v1/feedback: public, optionally signed in (the sender is then linked). */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Wired here rather than in the shared context: nothing else needs this service.
  const service = createContactService({
    repo: createContactRepo(ctx.db),
    mailer: ctx.mailer,
    operatorEmail: ctx.config.operatorEmail,
  });
  const tags = ['contact'];
  const sender = (req: FastifyRequest) => ({ userId: req.auth?.user.id ?? null, locale: req.locale });
  const common = { onRequest: [app.identify], config: limit(app, LIMITS.publicWrite) };

  r.post('/v1/contact', { ...common, schema: { tags, body: ContactBodySchema } }, async (req, reply) => {
    const row = await service.sendMessage(req.body, sender(req));
    return success(req, reply, { id: row.id }, 'contact.sent', undefined, 201);
  });

  r.post('/v1/feedback', { ...common, schema: { tags, body: FeedbackBodySchema } }, async (req, reply) => {
    const row = await service.sendFeedback(req.body, sender(req));
    return success(req, reply, { id: row.id }, 'feedback.sent', undefined, 201);
  });
}
