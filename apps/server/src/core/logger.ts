import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { routeTemplate } from './metrics.js';

/** Log fields that may carry a secret: redacted wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.code',
  '*.token',
  '*.auth_token',
  '*.reset_token',
  '*.secret',
  '*.signature',
];

/** Drops query strings from logged URLs and parameter values from failed-query messages. */
function sanitizeMessage(message: string): string {
  return message.replace(/params:[\s\S]*$/, 'params: [redacted]');
}

/** pino options for the Fastify logger: redaction, no query strings, no query parameters. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { id: req.id, method: req.method, url: req.url.split('?')[0], ip: req.ip };
      },
      err(err: Error & { code?: string; statusCode?: number }) {
        return {
          type: err.name,
          code: err.code,
          statusCode: err.statusCode,
          message: sanitizeMessage(err.message ?? ''),
          stack: sanitizeMessage(err.stack ?? ''),
        };
      },
    },
  } as FastifyServerOptions['logger'];
}

/**
 * Every log line of a request, its completion line included, names the route template it matched
 * (`route: "/api/v1/tribes/:id"`, `unmatched` for none) beside its request id: logs can then be
 * grouped by endpoint without reading raw URLs (which hold ids and, before the serializer, queries).
 */
export function logRouteTemplates(app: FastifyInstance): void {
  // A silent logger writes nothing: no child per request then.
  if (app.log.level === 'silent') return;
  app.addHook('onRequest', async (request, reply) => {
    const log = request.log.child({ route: routeTemplate(request) });
    request.log = log;
    reply.log = log;
  });
}
