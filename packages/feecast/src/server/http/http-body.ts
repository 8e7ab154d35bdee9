/**
 * Reading a request body with a size limit: at most `limit` bytes are kept; a larger body is
 * read to its end (up to a hard cap, past which the connection is cut) and reported as too
 * large, so the client gets its 413 instead of a reset connection. Call it as soon as the
 * request arrives: the body is read while other requests are served.
 */
import type { IncomingMessage } from 'node:http';
import { type BodyRead, bodyText } from './body-text';

/** How much of an oversized body is read (and dropped) before the connection is cut. */
const DRAIN_FACTOR = 16;

/**
 * Reads the body of `request`: `ok` with its text (`undefined` when empty), `too_large`
 * past `limit` bytes, `not_utf8` when the bytes are not UTF-8, `aborted` when the client
 * went away.
 *
 * @example
 * const body = await readRequestBody(request, 1024 * 1024);
 * if (body.kind === 'ok') JSON.parse(body.text ?? '{}');
 */
export function readRequestBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  if (request.destroyed) return Promise.resolve({ kind: 'aborted' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (read: BodyRead) => {
      if (!settled) {
        settled = true;
        resolve(read);
      }
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * DRAIN_FACTOR) {
        finish({ kind: 'too_large' });
        request.destroy();
      }
    });
    request.on('end', () => {
      if (size > limit) return finish({ kind: 'too_large' });
      finish(bodyText(Buffer.concat(chunks)));
    });
    request.on('error', () => finish({ kind: 'aborted' }));
    request.on('close', () => finish({ kind: 'aborted' }));
  });
}
