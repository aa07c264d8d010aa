import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issuesByField, translate, type MessageKey } from '@tribes/shared';
import type { z } from 'zod';
import { HttpError } from './errors.js';
import { t } from './i18n.js';
import { sendWebPage } from './web-shell.js';

/** Raised by the validator compiler with the zod issues of a request part. */
export class RequestValidationError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

function sendValidation(request: FastifyRequest, reply: FastifyReply, errors: Record<string, string[]>) {
  return reply.code(400).send({
    status: 'error',
    error_type: 'validation_error',
    message: t(request, 'errors.validation'),
    errors,
  });
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  key: MessageKey,
  params?: Record<string, string | number>,
  errorType?: string,
  data?: Record<string, unknown>,
) {
  return reply.code(statusCode).send({
    status: 'error',
    ...(errorType ? { error_type: errorType } : {}),
    message: t(request, key, params),
    ...(data ? { data } : {}),
  });
}

/** Fastify's own client errors mapped to catalogue messages. */
const FASTIFY_CODES: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'errors.malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'errors.malformed_json' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'errors.payload_too_large' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'errors.payload_too_large' },
  FST_FILES_LIMIT: { status: 413, key: 'errors.payload_too_large' },
  FST_PARTS_LIMIT: { status: 413, key: 'errors.payload_too_large' },
  FST_FIELDS_LIMIT: { status: 413, key: 'errors.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'errors.bad_request' },
};

/**
 * SQLSTATEs that only bad input causes (invalid text representation, numeric or datetime out of
 * range, bad datetime format, NUL or invalid byte sequence, untranslatable character, string too
 * long). Input is validated at the edge so they should never happen; if one does, it is the
 * client's 400, logged as a warning so the missing check gets added, not a 500.
 */
const INPUT_SQLSTATES = new Set(['22P02', '22003', '22008', '22007', '22021', '22P05', '22001']);

function sqlState(error: unknown): string | undefined {
  // node-postgres and PGlite put the SQLSTATE on the error; Drizzle wraps it as the cause.
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATEs of a database that went away or is not taking connections: admin/crash shutdown, starting up, connection exceptions. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors of a database that cannot be reached. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own messages for a lost or impossible connection (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout|the database system is (?:starting up|shutting down)/i;

/**
 * Whether an error means the database is unreachable (stopped, restarting, network gone), not that
 * the request or the code is wrong: the client gets a 503 to retry, never a 500. Follows Drizzle's
 * `cause` and AggregateError's `errors` (Node tries every address of a host).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * A multipart body busboy could not read (no or empty boundary, unclosed body, broken part
 * headers): @fastify/multipart passes these on as plain errors without a status.
 */
function isMultipartParseError(error: Error, request: FastifyRequest): boolean {
  if ('statusCode' in error && typeof error.statusCode === 'number') return false;
  if (!/^multipart\//i.test(String(request.headers['content-type'] ?? ''))) return false;
  return (
    /[\\/]busboy[\\/]/.test(error.stack ?? '') ||
    /multipart|boundary|unexpected end of|malformed part header|unsupported content-type|needle/i.test(error.message)
  );
}

/** The envelope of DESIGN section 4 for every failure; unexpected errors are logged with the request id and answered without details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const byField = issuesByField(error.issues);
      const errors = Object.fromEntries(
        Object.entries(byField).map(([field, msgs]) => [field, msgs.map((m) => translate(request.locale, m.key, m.params))]),
      );
      return sendValidation(request, reply, errors);
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      if (error.fieldErrors) {
        const errors = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, msgs]) => [field, msgs.map((m) => t(request, m.key, m.params))]),
        );
        return sendValidation(request, reply, errors);
      }
      return sendError(request, reply, error.statusCode, error.messageKey, error.params, error.errorType, error.data);
    }
    const code = 'code' in error ? error.code : undefined;
    const known = code ? FASTIFY_CODES[code] : undefined;
    if (known) return sendError(request, reply, known.status, known.key);
    if (isMultipartParseError(error, request)) {
      request.log.info({ reason: error.message }, 'malformed multipart body');
      return sendError(request, reply, 400, 'errors.bad_request');
    }
    const state = sqlState(error);
    if (state && INPUT_SQLSTATES.has(state)) {
      request.log.warn({ sqlstate: state, url: request.routeOptions.url }, 'input reached the database unchecked');
      return sendError(request, reply, 400, 'errors.bad_request');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { name: error.name, message: error.message } }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(request, reply, 503, 'errors.database_unavailable', undefined, 'database_unavailable');
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const key: MessageKey =
        status === 401
          ? 'errors.unauthorized'
          : status === 403
            ? 'errors.forbidden'
            : status === 404
              ? 'errors.not_found'
              : status === 413
                ? 'errors.payload_too_large'
                : status === 415
                  ? 'errors.unsupported_media_type'
                  : 'errors.bad_request';
      request.log.info({ code, statusCode: status }, 'client error');
      return sendError(request, reply, status, key);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 500, 'errors.server');
  });
}

/**
 * Unknown routes answer 404 in the envelope; when the web app is served, any other GET outside the
 * API is a page of the single-page app, so deep links and locale-prefixed paths load directly.
 */
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|json|txt|xml|woff2?|br|gz)$/i;

export function registerNotFound(
  app: FastifyInstance,
  spa: { apiPrefixes: string[]; page: (request: FastifyRequest) => string } | null,
): void {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !spa?.apiPrefixes.some((p) => pathname.startsWith(p)) &&
      // A missing script or stylesheet (an old chunk after a deploy) is a 404, not the HTML page: the
      // browser would otherwise fail to parse HTML as JavaScript instead of reloading the app.
      !pathname.startsWith('/assets/') &&
      !STATIC_FILE.test(pathname);
    if (spa && isPage) return sendWebPage(request, reply, spa.page(request));
    return sendError(request, reply, 404, 'errors.not_found');
  });
}
