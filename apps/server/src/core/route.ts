import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  IdempotencyKeySchema,
  successEnvelope,
  type EndpointDataInput,
  type EndpointDef,
  type ErrorStatus,
  type MessageKey,
  type MessageParams,
} from '@tribes/shared';
import { z } from 'zod';
import { t } from './i18n.js';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler of endpoint E receives: params, query and body parsed by its schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: E['multipart'] extends true ? unknown : Out<E['body']>;
}>;

/** What a handler answers: the data (checked against the endpoint's schema) and the message key. */
export interface Answer<E extends EndpointDef> {
  data: EndpointDataInput<E>;
  message?: MessageKey;
  params?: MessageParams;
  /** A `warning` answer: it worked, but the user has something to do (DESIGN section 4). */
  warning?: boolean;
  /**
   * An `error` answer that keeps its data (a failed health check's figures), with its statusCode:
   * serialised through the endpoint's `errorData`, in the envelope like every other failure.
   */
  error?: boolean;
  /** A fixed text instead of a catalogue message (a health check read by monitors, not people). */
  text?: string;
  /** Overrides the endpoint's success status (an idempotent replay answers what the first call did). */
  statusCode?: number;
}

/** Route options beside the contract: rate limits and extra hooks. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'preHandler' | 'bodyLimit'>;

export type Handler<E extends EndpointDef> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E> | Sent>;

/** A handler that sent its answer itself (a CSV, a PDF, a redirect) returns the reply, marked. */
export interface Sent {
  sent: true;
}

/** Marks an answer the handler sent itself through the reply. */
export const sent = (reply: FastifyReply): Sent => {
  void reply;
  return { sent: true };
};

/** Sends a PDF download (not the envelope; failures before it still are), private and not cached. */
export function sendPdf(reply: FastifyReply, file: { pdf: Buffer; filename: string }): Sent {
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
  return sent(reply);
}

/** `/v1/tribes/{id}` → `/v1/tribes/:id`, Fastify's form. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers the route of one contract endpoint (`route(app, api.x, extras)(handler)`): the guard its `auth` names, its request schemas,
 * and its answers' schemas, so the success `data` is serialised through the contract (anything
 * outside the schema is stripped, anything wrong is a 500 caught in tests, never a leak).
 */
export function route<E extends EndpointDef>(app: FastifyInstance, e: E, extras: RouteExtras = {}) {
  // Curried, so the handler is typed after E is fixed: its answer keeps literal types ('ok', 'https').
  return (handler: Handler<E>): void => register(app, e, extras, handler);
}

function register<E extends EndpointDef>(app: FastifyInstance, e: E, extras: RouteExtras, handler: Handler<E>): void {
  // A sensitive act checks the session's freshness before anything else in the request (body included).
  const onRequest =
    e.auth === 'user'
      ? e.fresh
        ? [app.authenticate, app.requireFresh]
        : [app.authenticate]
      : e.auth === 'optional'
        ? [app.identify]
        : [];
  app.route({
    method: e.method,
    url: fastifyPath(e.path),
    onRequest,
    ...extras,
    // Only the contract's routes serialise through zod; the rest keep Fastify's default.
    serializerCompiler: serializerCompiler as never,
    schema: routeSchema(e),
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as EndpointRequest<E>, reply);
      if ('sent' in answer) return reply;
      return reply.code(answer.statusCode ?? e.status ?? 200).send({
        status: answer.error ? 'error' : answer.warning ? 'warning' : 'success',
        message: answer.text ?? t(request, answer.message ?? 'common.ok', answer.params),
        data: answer.data,
      });
    },
  });
}

/** What each error status means, as the OpenAPI document describes it; every one answers the envelope. */
const ERROR_TEXTS: Record<ErrorStatus | 400 | 429 | 500, string> = {
  400: 'Bad request: the input is invalid (`errors` per field when a field is at fault).',
  401: 'Not signed in, or the token is no longer valid.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'Conflict with the current state (`error_type` says which).',
  410: 'Gone: it existed but can no longer be used (an expired, used-up or revoked invite).',
  413: 'The body or a file is too large.',
  415: 'The file or body type is not accepted.',
  422: 'The input is well-formed but cannot be processed.',
  429: 'Too many requests: wait and retry.',
  500: 'Server error.',
  503: 'A service this answer needs is unavailable.',
};

/** The error envelope described for each status, made once and shared by every route. */
const ERROR_RESPONSES = new Map(
  Object.entries(ERROR_TEXTS).map(([status, text]) => [Number(status), ErrorEnvelopeSchema.describe(text)]),
);
const OTHER_CLIENT_ERROR = ErrorEnvelopeSchema.describe('Another client error, in the envelope.');
const OTHER_SERVER_ERROR = ErrorEnvelopeSchema.describe('Another server error, in the envelope.');

/** The 403 of a sensitive act on a stale session (DESIGN 11.7). */
const REAUTH_REQUIRED = ErrorEnvelopeSchema.extend({
  error_type: z
    .string()
    .meta({ enum: ['reauthentication_required'] })
    .optional(),
}).describe(
  'A sensitive act on a session that has not signed in or passed POST /v1/me/reauth within REAUTH_WINDOW_SECONDS: ' +
    'error_type reauthentication_required, nothing changed.',
);

/** A file in an answer (a PDF) or in a multipart form: its bytes. */
const binary = (mediaType: string) => z.string().meta({ format: 'binary', contentMediaType: mediaType });

const isJson = (mediaType: string) => /^application\/(.+\+)?json$/.test(mediaType);

/**
 * The Fastify schema of an endpoint: its request schemas (validated), its answers by status (serialised
 * through zod: the envelope around `data`, or for a `produces` endpoint its own content type) and, for the
 * OpenAPI document only, the multipart form it reads itself (see openApiTransform).
 */
function routeSchema(e: EndpointDef): FastifySchema {
  const envelope = successEnvelope(e.data).describe(
    e.status === 201 ? 'Created: the envelope around `data`.' : 'The envelope around `data`.',
  );
  const success =
    e.status === 302
      ? redirectAnswer(e)
      : e.produces
        ? {
            description: `The answer itself (${[e.produces, e.alsoProduces].filter(Boolean).join(' or ')}), not the envelope.`,
            content: {
              [e.produces]: { schema: isJson(e.produces) ? e.data : binary(e.produces) },
              ...(e.alsoProduces ? { [e.alsoProduces]: { schema: binary(e.alsoProduces) } } : {}),
            },
          }
        : e.alsoProduces
          ? {
              description: `The envelope around \`data\`, or when the query asks for it the file itself (${e.alsoProduces}).`,
              content: { 'application/json': { schema: envelope }, [e.alsoProduces]: { schema: binary(e.alsoProduces) } },
            }
          : envelope;
  const errors = Object.fromEntries(
    [...new Set<number>([400, ...e.errors, ...(e.fresh ? [403] : []), 429, 500])]
      .sort((a, b) => a - b)
      .map((status) => [
        status,
        status === 409 && e.errorTypes?.length
          ? conflictEnvelope(e.errorTypes)
          : status === 500 && e.errorData
            ? failureEnvelope(e.errorData)
            : status === 403 && e.fresh
              ? REAUTH_REQUIRED
              : ERROR_RESPONSES.get(status)!,
      ]),
  );
  const schema: FastifySchema & { [FORM]?: OpenApiBody; [HEADERS]?: z.ZodObject } = {
    summary: e.fresh ? `${e.summary} A sensitive act: needs a fresh session (POST /v1/me/reauth).` : e.summary,
    tags: [...e.tags],
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && !e.multipart ? { body: e.body } : {}),
    ...(e.consumes ? { consumes: [...e.consumes] } : e.multipart ? { consumes: ['multipart/form-data'] } : {}),
    security: e.auth === 'user' ? [{ bearer: [] }] : e.auth === 'optional' ? [{}, { bearer: [] }] : [],
    response: { [e.status === 302 ? '302' : '2xx']: success, ...errors, '4xx': OTHER_CLIENT_ERROR, '5xx': OTHER_SERVER_ERROR },
  };
  // A multipart body is read by the handler part by part, so Fastify must not validate it: the form
  // (and the JSON body, when the endpoint takes one too) is handed to the document's transform only.
  if (e.multipart) schema[FORM] = multipartBody(e);
  // The handler reads the Idempotency-Key itself (its own 400 field error), so it is described only.
  if (e.idempotencyKey) schema[HEADERS] = e.idempotencyKey === 'optional' ? OPTIONAL_IDEMPOTENCY_HEADERS : IDEMPOTENCY_HEADERS;
  return schema;
}

/** The success answer of a browser navigation (status 302): the Location header, an empty body. */
const redirectAnswer = (e: EndpointDef) => ({
  description: 'A redirect: the Location header says where the browser goes next.',
  headers: { location: { description: 'Where to go next.', schema: { type: 'string' } } },
  content: { 'text/plain': { schema: e.data } },
});

/**
 * A 500 that keeps its data (a failed health check's figures). Optional: an unexpected failure of
 * the same route answers the plain envelope.
 */
const failureEnvelope = (data: z.ZodType) =>
  ErrorEnvelopeSchema.extend({ data: data.optional() }).describe(`${ERROR_TEXTS[500]} A failed check keeps its \`data\`.`);

/**
 * A 409 whose `error_type` is one of the endpoint's listed conflicts. The list is metadata for the
 * document: the serialiser still takes any string, so a conflict missing from a list is never a 500.
 */
const conflictEnvelope = (types: readonly string[]) =>
  ErrorEnvelopeSchema.extend({
    error_type: z
      .string()
      .meta({ enum: [...types] })
      .optional(),
  }).describe(`Conflict with the current state; \`error_type\` says which: ${types.join(', ')}.`);

type OpenApiBody = Record<string, z.ZodType>;
const FORM = Symbol('openapi body');
const HEADERS = Symbol('openapi headers');

const IDEMPOTENCY_HEADERS = z.object({
  'idempotency-key': IdempotencyKeySchema.describe(
    'Makes the request exactly-once (1 to 255 visible ASCII characters, kept at least 24 h): a replay answers the ' +
      'first answer, the same key with another body is 409 idempotency_conflict.',
  ),
});

const OPTIONAL_IDEMPOTENCY_HEADERS = z.object({
  'idempotency-key': IdempotencyKeySchema.optional().describe(
    'Optional: makes a replay safe (1 to 255 visible ASCII characters, kept at least 24 h): the same key answers the ' +
      'first answer and does nothing again; the same key with another body is 409 idempotency_conflict.',
  ),
});

/** A multipart endpoint's body by content type: the form's text fields and its files; JSON beside it if taken. */
function multipartBody(e: EndpointDef): OpenApiBody {
  const fields = e.body instanceof z.ZodObject ? e.body : z.object({});
  const files = Object.fromEntries(
    (e.files ?? []).map(({ name, max = 1 }) => {
      const file = binary('application/octet-stream');
      return [name, (max > 1 ? z.array(file).max(max) : file).optional()];
    }),
  );
  const types = e.consumes ?? ['multipart/form-data'];
  return Object.fromEntries(
    types.map((type) => [type, type === 'multipart/form-data' ? fields.extend(files) : (e.body ?? z.object({}))]),
  );
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The swagger transform: fastify-type-provider-zod's, plus what the handlers read themselves and
 * Fastify does not validate: the request body of multipart endpoints (their form with its file
 * parts, and JSON when they take it) and the Idempotency-Key header of exactly-once endpoints.
 */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const extra = input.schema as { [FORM]?: OpenApiBody; [HEADERS]?: z.ZodObject } | undefined;
  const form = extra?.[FORM];
  const headers = extra?.[HEADERS];
  let out = jsonSchemaTransform(input);
  // The zod transform keeps a response's description and content only: a redirect's Location header goes back in.
  const redirect = (input.schema?.response as Record<string, { headers?: unknown }> | undefined)?.['302'];
  if (redirect?.headers) {
    const response = out.schema.response as Record<string, object>;
    out = {
      ...out,
      schema: { ...out.schema, response: { ...response, 302: { ...response['302'], headers: redirect.headers } } },
    };
  }
  if (headers) {
    const described = (jsonSchemaTransform({ ...input, schema: { headers } }).schema as { headers: unknown }).headers;
    out = { ...out, schema: { ...out.schema, headers: described } };
  }
  if (!form) return out;
  const content = Object.fromEntries(
    Object.entries(form).map(([type, body]) => [
      type,
      { schema: (jsonSchemaTransform({ ...input, schema: { body } }).schema as { body: unknown }).body },
    ]),
  );
  return { ...out, schema: { ...out.schema, body: { content } } };
}
