/**
 * The fetch adapter of the reducer: `(request: Request) => Promise<Response>`, for a browser, a
 * worker, Deno or a mock-service-worker setup. The same routes, API keys, errors, portal pages
 * and OpenAPI document as `createServer` (both answer through answers.ts), over an in-memory
 * state; no socket, no file, no Node module anywhere below it (the `feecast/fetch` entry).
 */
import type { Timestamp } from '@feecast/models';
import { defaultOperations, type Operations } from '../routes/operations';
import { reduce } from '../routes/reducer';
import { asTimestamp } from '../state/brands';
import { exampleState } from '../state/example-state';
import type { ServerState } from '../state/state';
import { type HttpAnswer, type IdPrefix, jsonAnswer, keylessAnswer } from './answers';
import {
  type ApiErrorResponse,
  internalError,
  malformedJson,
  payloadTooLarge,
  unauthorized,
} from './api-error';
import { apiKeyChecker } from './auth';
import { type BodyRead, bodyText, DEFAULT_MAX_BODY_BYTES } from './body-text';
import { portalLinks, randomPortalKey } from './portal-token';

/** Options of {@link createFetchHandler}: those of `createServer` that do not need Node. */
export interface FetchHandlerOptions {
  /** The API keys accepted in `Authorization: Bearer <key>` (at least one). */
  readonly apiKeys: readonly string[];
  /** The initial state (default: the bundled example state, its dates moved to the clock's month). */
  readonly state?: ServerState;
  /** The clock (default: the system clock). */
  readonly clock?: () => Date;
  /** The pricing operations (default: `defaultOperations`). */
  readonly operations?: Operations;
  /** The largest request body, in bytes (default 1 MiB); larger ones get a 413. */
  readonly maxBodyBytes?: number;
  /** The key that signs customer portal links (at least 32 bytes; default: random). */
  readonly portalKey?: Uint8Array;
  /** `svc` (the default) or `lago`: how the answers name the generated ids' keys. */
  readonly idPrefix?: IdPrefix;
}

/** Reads the body of `request`, at most `limit` bytes of it. */
async function readBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return { kind: 'too_large' };
  if (request.body === null) return { kind: 'ok', text: undefined };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { kind: 'too_large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bodyText(bytes);
}

function errorAnswer(error: ApiErrorResponse, idPrefix: IdPrefix): HttpAnswer {
  return jsonAnswer({ status: error.status, body: error }, idPrefix);
}

function toResponse(answer: HttpAnswer, headOnly: boolean): Response {
  const headers = {
    ...answer.headers,
    'content-length': String(new TextEncoder().encode(answer.text).byteLength),
  };
  return new Response(headOnly ? null : answer.text, { status: answer.status, headers });
}

/**
 * A fetch handler answering every operation of the API under `/api/v1` from an in-memory
 * state, as `createServer` does (same routes, API keys, errors, portal pages at
 * `<origin>/customer_portal/<token>`, OpenAPI document at `/api/v1/openapi.json`), the origin
 * of its links being the request's. Requests change the state one at a time, in the order they
 * are given; nothing is kept on disk (the state lives as long as the handler). Never rejects:
 * an unexpected failure is a 500 JSON error. Throws only when `portalKey` has fewer than 32
 * bytes.
 *
 * @example
 * const handler = createFetchHandler({
 *   apiKeys: ['secret'],
 *   state: exampleState('2025-03-15T12:00:00Z'),
 *   clock: () => new Date('2025-03-15T12:00:00Z'),
 * });
 * const response = await handler(new Request('http://localhost/api/v1/plans', { headers: { Authorization: 'Bearer secret' } }));
 * response.status; // => 200
 * const refused = await handler(new Request('http://localhost/api/v1/plans')); // no API key
 * refused.status; // => 401
 */
export function createFetchHandler(
  options: FetchHandlerOptions,
): (request: Request) => Promise<Response> {
  const allowed = apiKeyChecker(options.apiKeys);
  const clock = options.clock ?? (() => new Date());
  const operations = options.operations ?? defaultOperations;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const links = portalLinks(options.portalKey ?? randomPortalKey());
  const idPrefix = options.idPrefix ?? 'svc';
  let state = options.state ?? exampleState(clock());
  const now = (): Timestamp => asTimestamp(clock().toISOString());

  async function answer(request: Request): Promise<HttpAnswer> {
    const url = new URL(request.url);
    const method = request.method;
    const open = keylessAnswer({ method, path: url.pathname }, state, now, operations, links);
    if (open !== undefined) return open;
    if (!allowed(request.headers.get('authorization') ?? undefined)) {
      return errorAnswer(unauthorized(), idPrefix);
    }
    const body = await readBody(request, limit);
    if (body.kind !== 'ok') {
      return errorAnswer(body.kind === 'not_utf8' ? malformedJson() : payloadTooLarge(), idPrefix);
    }
    const reduction = reduce(
      state,
      {
        method,
        path: url.pathname,
        query: url.search.slice(1),
        body: body.text,
        origin: url.origin,
      },
      now(),
      operations,
      links,
    );
    state = reduction.state;
    return jsonAnswer(reduction.response, idPrefix);
  }

  return async (request) => {
    try {
      return toResponse(await answer(request), request.method === 'HEAD');
    } catch {
      return toResponse(errorAnswer(internalError(), idPrefix), false);
    }
  };
}
