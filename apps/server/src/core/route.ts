import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  successEnvelope,
  type EndpointDataInput,
  type EndpointDef,
  type MessageKey,
  type MessageParams,
} from '@tribes/shared';
import type { z } from 'zod';
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
  const onRequest = e.auth === 'user' ? [app.authenticate] : e.auth === 'optional' ? [app.identify] : [];
  const json = !e.produces;
  app.route({
    method: e.method,
    url: fastifyPath(e.path),
    onRequest,
    ...extras,
    // Only the contract's routes serialise through zod; the rest keep Fastify's default.
    serializerCompiler: serializerCompiler as never,
    schema: {
      summary: e.summary,
      tags: [...e.tags],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body && !e.multipart ? { body: e.body } : {}),
      ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
      security: e.auth === 'user' ? [{ bearer: [] }] : e.auth === 'optional' ? [{}, { bearer: [] }] : [],
      response: {
        ...(json ? { '2xx': successEnvelope(e.data) } : {}),
        '4xx': ErrorEnvelopeSchema,
        '5xx': ErrorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as EndpointRequest<E>, reply);
      if ('sent' in answer) return reply;
      return reply.code(answer.statusCode ?? e.status ?? 200).send({
        status: answer.warning ? 'warning' : 'success',
        message: t(request, answer.message ?? 'common.ok', answer.params),
        data: answer.data,
      });
    },
  });
}
