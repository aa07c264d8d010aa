import type { MessageKey, MessageParams } from '@tribes/shared';

/** Field errors as catalogue keys: { field: [key, ...] }. */
export type FieldErrors = Record<string, { key: MessageKey; params?: MessageParams }[]>;

/**
 * An expected failure with its HTTP status and a catalogue message; the error handler puts it in the
 * envelope. `errorType` (snake_case, e.g. `campaign_closed`) becomes the envelope's `error_type`, so
 * clients can tell two conflicts apart without reading the translated message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly fieldErrors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    readonly errorType?: string,
    /** Details the envelope carries beside the message (a suspension's reason and end). */
    readonly data?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** 400 validation_error with one message on one field: how services refuse a value. */
export function fieldError(field: string, key: MessageKey, params?: MessageParams): HttpError {
  return new HttpError(400, 'errors.validation', {}, { [field]: [{ key, params }] });
}

/** 409: the request conflicts with the resource's state; `errorType` names the conflict for clients. */
export function conflict(errorType: string, key: MessageKey, params?: MessageParams): HttpError {
  return new HttpError(409, key, params, undefined, {}, errorType);
}

export const unauthorized = () => new HttpError(401, 'errors.unauthorized');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
export const notFound = () => new HttpError(404, 'errors.not_found');

/** 429 with Retry-After in whole seconds. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, 'errors.too_many_requests', { seconds, count: seconds }, undefined, {
    'retry-after': String(seconds),
  });
}
