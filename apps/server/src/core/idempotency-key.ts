import { IdempotencyKeySchema } from '@tribes/shared';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors.js';

/** The Idempotency-Key of an exactly-once POST (a money POST), required: 400 on the field when missing or malformed. */
export function idempotencyKey(req: FastifyRequest): string {
  const parsed = IdempotencyKeySchema.safeParse(req.headers['idempotency-key']);
  if (!parsed.success) throw fieldError('idempotency_key', 'validation.idempotency_key');
  return parsed.data;
}

/**
 * The Idempotency-Key of a POST that may be replayed (a post, a comment or a quiz attempt sent from
 * the web's offline outbox): undefined when absent, 400 on the field when malformed.
 */
export function optionalIdempotencyKey(req: FastifyRequest): string | undefined {
  return req.headers['idempotency-key'] === undefined ? undefined : idempotencyKey(req);
}
