/**
 * The HTTP adapter: `createServer` turns requests into {@link ApiRequest}s, checks the API
 * key, reads and limits each body as it arrives, runs the pure reducer and writes its
 * response; with a data directory each change is appended to a journal and flushed to disk
 * before it is answered (journal.ts), so an answered change survives a crash. A
 * request whose client has left before its turn is dropped; headers or bodies slower than
 * the time-outs get a 408 and the connection is closed.
 */

import * as crypto from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Timestamp } from '@feecast/models';
import { DueCache } from '../billing/due-cache';
import { runDue } from '../billing/run-due';
import { warmUsage } from '../billing/warm-usage';
import { CLOCK_PATH, clockRequest } from '../routes/clock';
import { defaultOperations, type Operations } from '../routes/operations';
import { reduce } from '../routes/reducer';
import { asTimestamp } from '../state/brands';
import { exampleState } from '../state/example-state';
import { type DataDirectory, openDataDirectory } from '../state/journal';
import { COLLECTION_NAMES, type ServerState } from '../state/state';
import { type WebhookOptions, webhookService } from '../webhooks/webhook-service';
import { WEBHOOKS_PATH } from '../webhooks/webhooks-route';
import { type HttpAnswer, type IdPrefix, jsonAnswer, keylessAnswer } from './answers';
import {
  type ApiErrorResponse,
  internalError,
  malformedJson,
  payloadTooLarge,
  unauthorized,
} from './api-error';
import { apiKeyChecker } from './auth';
import { DEFAULT_MAX_BODY_BYTES } from './body-text';
import { answerClientError } from './connection-errors';
import { readRequestBody } from './http-body';
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
   * month); what `dataDir` holds wins.
   */
  readonly state?: ServerState;
  /** The real-time clock (default: the system clock). */
  readonly clock?: () => Date;
  /**
   * Pin the clock at this instant (`--now`): it moves only through `POST /__feecast/clock`.
   * A data directory whose clock stands later keeps its position. Without it the clock is
   * `clock` (or the data directory's pinned clock, when it was pinned).
   */
  readonly now?: string;
  /** How often a server on the real clock runs what fell due between requests (default 1,000 ms). */
  readonly dueEveryMs?: number;
  /**
   * Where the state is kept: each change is appended to `journal.log` (and flushed to disk)
   * before its answer, compacted now and then into `state.json`; both are read back at start.
   */
  readonly dataDir?: string;
  /** Where a journal recovered at start is reported (default: standard error). */
  readonly warn?: (message: string) => void;
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
  /**
   * Delivers webhooks (off by default): each activity of a webhook type is sent, signed, to
   * every endpoint of the state, and the delivery log is answered at `GET /__feecast/webhooks`
   * (see STATE.md, "Webhooks").
   */
  readonly webhooks?: WebhookOptions;
}

/**
 * SHA-256 of a key's UTF-8 bytes, native (the API key of every request is hashed): the one-shot
 * `hash` of `node:crypto` where Node has it (20.12 and later: no `Hash` object made, 0.9-1.1
 * against 1.6-2.0 µs of CPU a key), else a `Hash`.
 */
const nodeSha256: (text: string) => Uint8Array =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'buffer')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest();

const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 };

/** Whether `next` differs from `before` in more than its clock. */
function changedBeyondClock(before: ServerState, next: ServerState): boolean {
  return (
    next.id_sequence !== before.id_sequence ||
    COLLECTION_NAMES.some((name) => next[name] !== before[name])
  );
}

/** The later of two instants (`b` may be absent). */
function later(a: string, b: string | undefined): string {
  return b !== undefined && Date.parse(b) > Date.parse(a) ? b : a;
}

/**
 * Each headers object's names and values in one flat list, as `writeHead` takes them: made once
 * per headers object (the JSON answers that add no headers share one, answers.ts), so an answer
 * costs no object built from a spread.
 */
const HEADER_LISTS = new WeakMap<object, readonly string[]>();

function headerList(headers: Readonly<Record<string, string>>): readonly string[] {
  let list = HEADER_LISTS.get(headers);
  if (list === undefined) {
    list = Object.entries(headers).flat();
    HEADER_LISTS.set(headers, list);
  }
  return list;
}

/** Writes `answer` whole; a HEAD request gets the headers of its GET answer only. */
function send(res: ServerResponse, answer: HttpAnswer, headOnly: boolean): void {
  const length = String(Buffer.byteLength(answer.text));
  res.writeHead(answer.status, headerList(answer.headers).concat('content-length', length));
  res.end(headOnly ? undefined : answer.text);
}

/**
 * Whether the client of `req` has gone (its connection closed): its request is dropped, and
 * nothing is applied or answered. (A pipelined response has no socket until its turn, so the
 * request's socket is the one to look at.)
 */
function clientLeft(req: IncomingMessage, res: ServerResponse): boolean {
  return res.destroyed || req.socket.destroyed;
}

/** The path and the query (without its `?`) of a request's target. */
function splitUrl(url = '/'): { readonly path: string; readonly query: string } {
  const question = url.indexOf('?');
  return question === -1
    ? { path: url, query: '' }
    : { path: url.slice(0, question), query: url.slice(question + 1) };
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

function warnOnStderr(message: string): void {
  process.stderr.write(`feecast serve: ${message}\n`);
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
 * import { once } from 'node:events';
 * import type { AddressInfo } from 'node:net';
 *
 * const server = createServer({ apiKeys: ['secret'], state: exampleState() });
 * server.listen(0, '127.0.0.1'); // any free port (the command's default is 3000)
 * await once(server, 'listening');
 * const { port } = server.address() as AddressInfo;
 * const response = await fetch(`http://127.0.0.1:${port}/api/v1/plans`, { headers: { Authorization: 'Bearer secret' } });
 * response.status // => 200
 * server.close();
 */
export function createServer(options: ServerOptions): Server {
  const allowed = apiKeyChecker(options.apiKeys, nodeSha256);
  const clock = options.clock ?? (() => new Date());
  const operations = options.operations ?? defaultOperations;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const links = portalLinks(options.portalKey ?? randomPortalKey());
  const initial = () => options.state ?? exampleState(clock());
  const directory: DataDirectory | undefined =
    options.dataDir === undefined
      ? undefined
      : openDataDirectory(options.dataDir, initial, options.warn ?? warnOnStderr);
  let state = directory?.state ?? initial();
  const idPrefix = options.idPrefix ?? 'svc';
  const dueCache = new DueCache(operations);
  /** Where a pinned clock stands (`undefined`: real time, `clock`). */
  let pinnedAt: string | undefined =
    options.now !== undefined
      ? later(new Date(options.now).toISOString(), state.clock?.now)
      : state.clock?.pinned === true
        ? state.clock.now
        : undefined;
  const now = () => asTimestamp(pinnedAt ?? clock().toISOString());
  // The accumulators every stored event will read, fed before the first request (billing/warm-usage.ts).
  warmUsage(state, now());

  const webhooks =
    options.webhooks === undefined ? undefined : webhookService(options.webhooks, idPrefix);
  /** Where the server is reached: read once per `listen` (a system call), not per request. */
  let origin: string | undefined;

  /**
   * Makes `next` (a change of `before`, the current state) the state, with the webhooks of
   * its new activities queued: resolves `true` once it is on disk (at once without a data
   * directory), `false` when the journal cannot be written (the state goes back to what is on
   * disk). The webhooks are sent only once the change is on disk.
   */
  async function commit(before: ServerState, next: ServerState): Promise<boolean> {
    const queued = webhooks === undefined ? next : webhooks.queue(before, next);
    state = queued;
    if (directory !== undefined) {
      try {
        await directory.append(before, queued);
      } catch {
        // The journal cannot be written: back to what is on disk, and no more changes.
        state = directory.durableState();
        return false;
      }
    }
    webhooks?.wake();
    return true;
  }

  /**
   * Runs what fell due up to the clock's instant (billing/run-due.ts). A clock that only moved
   * is kept in memory: only the work it ran (and the moves of `POST /__feecast/clock`) is
   * journaled.
   */
  function settle(target: Timestamp = now()): void {
    const before = state;
    const pinned = pinnedAt !== undefined;
    const clockNow = before.clock;
    if (clockNow === undefined) {
      state = { ...before, clock: { now: target, pinned } };
      return;
    }
    const from = Date.parse(clockNow.now);
    const to = Date.parse(target);
    if (to <= from && clockNow.pinned === pinned) return;
    if (!dueCache.anyDue(before, from, to)) {
      if (clockNow.pinned !== pinned) state = { ...before, clock: { now: clockNow.now, pinned } };
      return;
    }
    const moved = runDue(before, target, pinned, operations).state;
    if (changedBeyondClock(before, moved)) void commit(before, moved);
    else state = moved;
  }

  /** `POST /__feecast/clock` and `GET`: the move, journaled, and the clock pinned at its end. */
  async function moveClock(request: ApiRequest): Promise<ApiResponse> {
    const before = state;
    const answer = clockRequest(before, request, now(), pinnedAt !== undefined, operations);
    if (answer.state === before) return answer.response;
    pinnedAt = answer.state.clock?.now ?? pinnedAt;
    return (await commit(before, answer.state)) ? answer.response : errorResponse(internalError());
  }

  /**
   * Runs a request read whole against the state, after what fell due. Requests are applied
   * one at a time (the reducer is synchronous); with a data directory a change is answered
   * once its journal record is on disk, and the records of changes made meanwhile are written
   * together.
   */
  async function apply(request: ApiRequest): Promise<ApiResponse> {
    // One clock read per request: what fell due runs up to the instant the request is priced at.
    const at = now();
    settle(at);
    if (request.path === CLOCK_PATH) return moveClock(request);
    const before = state;
    const { state: next, response } = reduce(before, request, at, operations, links);
    if (next === before) return response;
    return (await commit(before, next)) ? response : errorResponse(internalError());
  }

  /** The answer to `req`, or `undefined` when its client has left (nothing is applied then). */
  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    server: Server,
  ): Promise<ApiResponse | undefined> {
    if (!allowed(req.headers.authorization)) return errorResponse(unauthorized());
    const { path, query } = splitUrl(req.url);
    if (webhooks !== undefined && path.replace(/\/$/, '') === WEBHOOKS_PATH) {
      req.resume();
      return webhooks.respond(req.method ?? 'GET', query, state);
    }
    const body = await readRequestBody(req, limit);
    if (body.kind === 'aborted') return undefined;
    if (body.kind === 'too_large') return errorResponse(payloadTooLarge());
    if (body.kind === 'not_utf8') return errorResponse(malformedJson());
    origin ??= originOf(server);
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      path,
      query,
      body: body.text,
      origin,
    };
    return clientLeft(req, res) ? undefined : apply(request);
  }

  /** The answer of `req` when it needs no API key (see `keylessAnswer`), else `undefined`. */
  function keyless(req: IncomingMessage): HttpAnswer | undefined {
    const { path } = splitUrl(req.url);
    return keylessAnswer({ method: req.method ?? 'GET', path }, state, now, operations, links);
  }

  const server = createHttpServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      const open = keyless(req);
      if (open !== undefined) {
        send(res, open, req.method === 'HEAD');
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
          send(res, jsonAnswer(response, idPrefix), req.method === 'HEAD');
        }
      };
      void respond();
    },
  );
  server.on('clientError', answerClientError);
  server.on('listening', () => {
    origin = undefined;
  });
  // On the real clock, what falls due between requests runs as time passes.
  const ticker = setInterval(() => {
    if (pinnedAt === undefined) settle();
  }, options.dueEveryMs ?? 1_000);
  ticker.unref();
  server.on('close', () => clearInterval(ticker));
  if (webhooks !== undefined) {
    const configured = webhooks.configure(state, asTimestamp(clock().toISOString()));
    if (configured !== state) void commit(state, configured);
    webhooks.start({
      state: () => state,
      commit: (change) => commit(state, change(state)),
    });
    server.on('close', () => webhooks.stop());
  }
  if (directory !== undefined) server.on('close', () => directory.close());
  return server;
}
