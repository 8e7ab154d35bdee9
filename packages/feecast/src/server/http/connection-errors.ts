/**
 * Answers to errors of a connection before a request reaches the server's handler: a
 * request whose headers or body arrive too slowly (408), headers too large (431), bytes that
 * are not HTTP (400). Each answer is the API's JSON error, written on the socket, which is
 * then closed.
 */
import type { Duplex } from 'node:stream';
import {
  type ApiErrorResponse,
  headersTooLarge,
  malformedRequest,
  requestTimeout,
} from './api-error';

/** The error of a connection-level failure, by Node's error code. */
function errorOf(code: string | undefined): ApiErrorResponse {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  if (code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  return malformedRequest();
}

/**
 * The `clientError` listener of the server: answers the error as JSON when the socket can
 * still be written (each response is written whole, so the answer never splits another),
 * then closes the connection.
 *
 * @example
 * server.on('clientError', answerClientError);
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (socket.writable && error.code !== 'ECONNRESET') {
    const body = errorOf(error.code);
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${body.status} ${reasonOf(body)}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        'cache-control: no-store\r\n' +
        'x-content-type-options: nosniff\r\n' +
        `content-length: ${Buffer.byteLength(text)}\r\n` +
        'connection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy();
}

/** The reason phrase of the status line (`Request Timeout`; 400's is `Bad Request`). */
function reasonOf(body: ApiErrorResponse): string {
  return body.status === 400 ? 'Bad Request' : body.error;
}
