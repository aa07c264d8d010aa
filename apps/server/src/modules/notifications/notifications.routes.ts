import { notificationsEndpoints as api, UnsubscribeParamsSchema } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { NotificationsService } from './notifications.service.js';
import { HttpError } from '#src/core/errors.js';
import { t } from '#src/core/i18n.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface NotificationsRoutesDeps {
  notifications: NotificationsService;
}

/**
 * GET /v1/notifications, POST /v1/notifications/read, and the unsubscribe links of notification mails
 * (declared in packages/shared/src/contract/notifications.ts).
 */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: NotificationsRoutesDeps }) {
  route(app, api.list)(async (req) => ({ data: await ctx.notifications.list(req.auth!.user, req.query) }));

  route(app, api.read, { config: limit(app, LIMITS.write) })(async (req) => ({
    data: await ctx.notifications.markRead(req.auth!.user, req.body.ids ?? 'all'),
  }));

  route(app, api.unsubscribeStatus, { config: limit(app, LIMITS.publicWrite) })(async (req) => ({
    data: await ctx.notifications.unsubscribeStatus(req.params.token),
  }));

  route(app, api.unsubscribe, { config: limit(app, LIMITS.publicWrite) })(async (req) => ({
    data: await ctx.notifications.unsubscribe(req.params.token),
    message: 'notifications.unsubscribed',
  }));
}

/**
 * `POST /unsubscribe/{token}`: the https URI of a notification mail's List-Unsubscribe header, which a
 * mail client POSTs `List-Unsubscribe=One-Click` to (RFC 8058). It does what POST /api/v1/unsubscribe
 * does; a GET of the same path is the web page, which asks before it unsubscribes (link scanners GET).
 */
export async function unsubscribeOneClickRoutes(app: FastifyInstance, { ctx }: { ctx: NotificationsRoutesDeps }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post('/unsubscribe/:token', { config: limit(app, LIMITS.publicWrite), bodyLimit: 1024 }, async (req) => {
    const params = UnsubscribeParamsSchema.safeParse(req.params);
    if (!params.success) throw new HttpError(404, 'notifications.unsubscribe_invalid');
    return {
      status: 'success',
      message: t(req, 'notifications.unsubscribed'),
      data: await ctx.notifications.unsubscribe(params.data.token),
    };
  });
}
