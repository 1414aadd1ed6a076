import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './error-body';

/** What Node's HTTP parser refuses before Fastify sees a request, and the status Folio answers for it. */
const STATUS_OF_CODE = new Map<string, { status: number; message: string }>([
  ['HPE_HEADER_OVERFLOW', { status: 431, message: 'The request headers are too large' }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, message: 'The request took too long to arrive' }],
]);

/**
 * Fastify's `clientErrorHandler`: Node's parser refuses some requests (headers over `maxHeaderSize`, a
 * request that never finishes arriving, bytes that are not HTTP) before any route, hook or Nest filter
 * runs, and Fastify's default answers them with its own JSON. They get the error body here, written
 * straight to the socket as Node itself would, then the connection closes (its state is unknown).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  // A reset connection is already gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = STATUS_OF_CODE.get(error.code ?? '') ?? { status: 400, message: 'The request is not valid HTTP' };
  if (socket.writable) {
    const body = JSON.stringify(errorBody(status, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
