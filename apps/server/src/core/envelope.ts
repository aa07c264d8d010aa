import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageKey, MessageParams } from '@tribes/shared';
import { t } from './i18n.js';

/** Sends { status: 'success', message, data } with a translated message. */
export function success<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  key: MessageKey = 'common.ok',
  params?: MessageParams,
  statusCode = 200,
) {
  return reply.code(statusCode).send({ status: 'success', message: t(request, key, params), data });
}

/** Sends { status: 'warning', message, data }: the request worked but the user has something to do. */
export function warning<T>(request: FastifyRequest, reply: FastifyReply, data: T, key: MessageKey, params?: MessageParams) {
  return reply.code(200).send({ status: 'warning', message: t(request, key, params), data });
}
