import http from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorName } from '@junction/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Node answers a request it cannot parse (headers too large, too slow, malformed) before Fastify sees it;
 * this answers it in the API's error shape instead of Node's or Fastify's own.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const name: ErrorName =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'VALIDATION_FAILED';
  const { http: status, errorCode, message } = ERRORS[name];
  const body = JSON.stringify({ errorCode, errorContent: message });
  this.log.trace({ err }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
