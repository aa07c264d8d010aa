import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { pickLocale, translate, type MessageKey } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';

/** The status and message of a connection-level refusal Node reports before Fastify has a reply. */
function refusal(code: string | undefined): { status: number; text: string; key: MessageKey } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, text: 'Request Timeout', key: 'errors.request_timeout' };
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, text: 'Request Header Fields Too Large', key: 'errors.payload_too_large' };
  return { status: 400, text: 'Bad Request', key: 'errors.bad_request' };
}

/**
 * Fastify's clientErrorHandler: a request cut by the header or request timeout, or one Node cannot
 * parse, is answered in the envelope (in the reader's language when its headers were read) and closed.
 */
export function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, text, key } = refusal(error.code);
  // The request in flight, if its headers were complete (Node keeps its response on the socket).
  const inFlight = (socket as Socket & { _httpMessage?: { req?: IncomingMessage } })._httpMessage?.req;
  const body = JSON.stringify({ status: 'error', message: translate(pickLocale(inFlight?.headers['accept-language']), key) });
  this.log.debug({ err: { code: error.code, message: error.message } }, 'client error');
  // Only on a connection where nothing of an answer has been written yet, or the peer would read garbage.
  if (socket.writable && socket.bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
