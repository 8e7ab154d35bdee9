/**
 * The HTTP adapter: `createServer` turns requests into {@link ApiRequest}s, checks the API
 * key, reads and limits each body as it arrives, runs the pure reducer and writes its
 * response; with a data directory it applies changes one at a time and saves each new state
 * as an atomic snapshot before answering, so an answered change survives a restart. A
 * request whose client has left before its turn is dropped; headers or bodies slower than
 * the time-outs get a 408 and the connection is closed.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { toLagoKeys } from '@feecast/models';
import { defaultOperations, type Operations } from '../routes/operations';
import { type PortalAnswer, portalPage } from '../routes/portal';
import { reduce } from '../routes/reducer';
import { asTimestamp } from '../state/brands';
import { exampleState } from '../state/example-state';
import { readSnapshotSync, writeSnapshot } from '../state/snapshot';
import type { ServerState } from '../state/state';
import {
  type ApiErrorResponse,
  internalError,
  malformedJson,
  payloadTooLarge,
  unauthorized,
} from './api-error';
import { apiKeyChecker } from './auth';
import { answerClientError } from './connection-errors';
import { DEFAULT_MAX_BODY_BYTES, readRequestBody } from './http-body';
import { openApiAnswer } from './openapi';
import { portalLinks, randomPortalKey } from './portal-token';
import type { ApiRequest, ApiResponse } from './request';

/** How long the server waits for a request, in milliseconds. */
export interface ServerTimeouts {
  /** For the headers of a request, from its first byte (default 10,000). */
  readonly headersMs?: number;
  /** For the whole request, headers and body (default 30,000; at least `headersMs`). */
  readonly requestMs?: number;
  /** How often connections are checked against these limits (default 1,000). */
  readonly checkEveryMs?: number;
}

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** The API keys accepted in `Authorization: Bearer <key>` (at least one). */
  readonly apiKeys: readonly string[];
  /**
   * The initial state (default: the bundled example state, its dates moved to the clock's
   * month); a snapshot in `dataDir` wins.
   */
  readonly state?: ServerState;
  /** The clock (default: the system clock). */
  readonly clock?: () => Date;
  /** Where the state is saved after each change (`state.json`) and read back at start. */
  readonly dataDir?: string;
  /** The pricing operations (default: {@link defaultOperations}). */
  readonly operations?: Operations;
  /** The largest request body, in bytes (default 1 MiB); larger ones get a 413. */
  readonly maxBodyBytes?: number;
  /** Slow headers or bodies past these limits get a 408 and the connection is closed. */
  readonly timeouts?: ServerTimeouts;
  /**
   * The key that signs customer portal links (at least 32 bytes; default: random, made for
   * this server, so its links stop working when it stops).
   */
  readonly portalKey?: Uint8Array;
  /**
   * How the answers name the ids the service generates: `svc` (`svc_id`, the default) or
   * `lago` (`lago_id`, as the reference does: every `svc_` key of an answer renamed, see
   * `toLagoKeys`). The OpenAPI document describes the `svc_` names.
   */
  readonly idPrefix?: IdPrefix;
}

/** The prefix of the generated ids' keys in the answers. */
export type IdPrefix = 'svc' | 'lago';

const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 };

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** Writes `response` whole; a HEAD request gets the headers of its GET answer only. */
function send(res: ServerResponse, response: ApiResponse, headOnly: boolean): void {
  const text = JSON.stringify(response.body);
  res.writeHead(response.status, {
    ...SECURITY_HEADERS,
    ...response.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(headOnly ? undefined : text);
}

/** Portal pages: inline CSS and SVG only, nothing to load, never framed. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

function sendPage(res: ServerResponse, page: PortalAnswer, headOnly: boolean): void {
  res.writeHead(page.status, {
    ...SECURITY_HEADERS,
    ...PAGE_HEADERS,
    ...page.headers,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page.html),
  });
  res.end(headOnly ? undefined : page.html);
}

/**
 * Whether the client of `req` has gone (its connection closed): its request is dropped, and
 * nothing is applied or answered. (A pipelined response has no socket until its turn, so the
 * request's socket is the one to look at.)
 */
function clientLeft(req: IncomingMessage, res: ServerResponse): boolean {
  return res.destroyed || req.socket.destroyed;
}

function errorResponse(error: ApiErrorResponse): ApiResponse {
  return { status: error.status, body: error };
}

function originOf(server: Server): string {
  const address = server.address() as AddressInfo | null;
  if (address === null || typeof address === 'string') return 'http://localhost';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

function initialState(options: ServerOptions, now: Date): ServerState {
  if (options.dataDir !== undefined) {
    const snapshot = readSnapshotSync(options.dataDir);
    if (snapshot._tag === 'Left') throw new Error(snapshot.left.message);
    if (snapshot.right !== undefined) return snapshot.right;
  }
  return options.state ?? exampleState(now);
}

/**
 * A Node HTTP server answering every operation of the API under `/api/v1`, from an
 * in-memory state. Every request needs `Authorization: Bearer <key>` with one of `apiKeys`
 * (else 401), except the customer portal pages (`GET /customer_portal/<token>`, the link of
 * `GET /customers/{id}/portal_url`), whose token, signed with `portalKey` and valid 12
 * hours, is the credential, and the OpenAPI document of the API (`GET /api/v1/openapi.json`,
 * see `openApiDocument`). Call `listen` on it as on any `http.Server`.
 *
 * Each request's body is read whole (up to `maxBodyBytes`) before it waits for its turn, so a
 * slow client holds up no one; a request whose client has gone by its turn is not applied;
 * headers slower than `timeouts.headersMs` or a request slower than `timeouts.requestMs`
 * get a 408 (JSON, as every error) and the connection is closed.
 *
 * Throws only when `dataDir` holds a snapshot that cannot be read or decoded (check it first
 * with `readSnapshot` to report it nicely), or when `portalKey` has fewer than 32 bytes.
 *
 * @example
 * const server = createServer({ apiKeys: ['secret'], dataDir: './feecast-data' });
 * server.listen(3000, '127.0.0.1');
 * // curl -H 'Authorization: Bearer secret' http://127.0.0.1:3000/api/v1/plans
 */
export function createServer(options: ServerOptions): Server {
  const allowed = apiKeyChecker(options.apiKeys);
  const clock = options.clock ?? (() => new Date());
  const operations = options.operations ?? defaultOperations;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const links = portalLinks(options.portalKey ?? randomPortalKey());
  const dataDir = options.dataDir;
  const lago = options.idPrefix === 'lago';
  let state = initialState(options, clock());
  // With a data directory, changes are applied one at a time, each after its snapshot. Only
  // requests read whole wait their turn, so no client can hold the others up.
  let queue: Promise<void> = Promise.resolve();

  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (dataDir === undefined) return task();
    const run = queue.then(task);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Runs a request read whole against the state, saving the new state before answering. */
  async function apply(request: ApiRequest): Promise<ApiResponse> {
    const before = state;
    const { state: next, response } = reduce(
      before,
      request,
      asTimestamp(clock().toISOString()),
      operations,
      links,
    );
    if (next === before) return response;
    if (dataDir !== undefined) {
      try {
        await writeSnapshot(dataDir, next);
      } catch {
        return errorResponse(internalError());
      }
    }
    state = next;
    return response;
  }

  /** The answer to `req`, or `undefined` when its client has left (nothing is applied then). */
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    server: Server,
  ): Promise<ApiResponse | undefined> {
    if (!allowed(req.headers.authorization)) return errorResponse(unauthorized());
    const body = await readRequestBody(req, limit);
    if (body.kind === 'aborted') return undefined;
    if (body.kind === 'too_large') return errorResponse(payloadTooLarge());
    if (body.kind === 'not_utf8') return errorResponse(malformedJson());
    const url = req.url ?? '/';
    const question = url.indexOf('?');
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      path: question === -1 ? url : url.slice(0, question),
      query: question === -1 ? '' : url.slice(question + 1),
      body: body.text,
      origin: originOf(server),
    };
    return inTurn(async () => (clientLeft(req, res) ? undefined : apply(request)));
  }

  /** The portal page of `req`, or `undefined` when it asks for something else. */
  function portal(req: IncomingMessage): PortalAnswer | undefined {
    const url = req.url ?? '/';
    const question = url.indexOf('?');
    const path = question === -1 ? url : url.slice(0, question);
    const method = req.method ?? 'GET';
    const now = asTimestamp(clock().toISOString());
    return portalPage(state, { method, path }, now, operations, links);
  }

  const server = createHttpServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      // The API's description needs no API key either: it holds no data.
      const description = openApiAnswer(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '');
      if (description !== undefined) {
        send(res, description, req.method === 'HEAD');
        req.resume();
        return;
      }
      // The portal needs no API key (its token is the credential) and changes nothing.
      const page = portal(req);
      if (page !== undefined) {
        if (page.status === 405) res.setHeader('allow', 'GET, HEAD');
        sendPage(res, page, req.method === 'HEAD');
        req.resume();
        return;
      }
      const respond = async () => {
        let response: ApiResponse | undefined;
        try {
          response = await answer(req, res, server);
        } catch {
          response = errorResponse(internalError());
        }
        if (response !== undefined && !clientLeft(req, res)) {
          const named = lago ? { ...response, body: toLagoKeys(response.body) } : response;
          send(res, named, req.method === 'HEAD');
        }
      };
      void respond();
    },
  );
  server.on('clientError', answerClientError);
  return server;
}
