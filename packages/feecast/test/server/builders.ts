// Shared test builders of the server suites: a server on a loopback port (one per test with
// serverPerTest), an API client, assertions on answers, the shared wire fixtures, and small
// states built from the example state.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiError,
  decode,
  endpoints,
  type OperationId,
  type UsageEventRecord,
} from '@feecast/models';
import { afterEach, expect } from 'vitest';
import { createServer, type ServerOptions } from '../../src/server/http/create-server';
import type { ApiRequest } from '../../src/server/http/request';
import { exampleState } from '../../src/server/state/example-state';
import type { ServerState } from '../../src/server/state/state';

/** The key every test server accepts. */
export const API_KEY = 'test-key-0123456789';

/** The instant of every test server's clock. */
export const NOW = '2025-03-15T12:00:00.000Z';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A shared wire fixture (`fixtures/wire/<file>` of the repository), parsed. */
export function fixture(file: string): Record<string, unknown> {
  const path = resolve(repoRoot, 'fixtures/wire', file);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** A JSON answer of the server. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

/** A body sent as is (not JSON-encoded). */
export interface Raw {
  readonly raw: string | Uint8Array;
}

/** A running test server and a client for it. */
export interface TestServer {
  readonly url: string;
  readonly server: Server;
  /** Sends a request with the test key (or `headers` instead of the default ones). */
  readonly call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Answer>;
  readonly close: () => Promise<void>;
}

/** Starts a server on 127.0.0.1, port 0, with the test key and clock. */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const server = createServer({
    apiKeys: [API_KEY],
    clock: () => new Date(NOW),
    ...options,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${API_KEY}` },
  ): Promise<Answer> => {
    const payload =
      body === undefined
        ? undefined
        : typeof body === 'object' && body !== null && 'raw' in body
          ? (body as Raw).raw
          : JSON.stringify(body);
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { body: payload }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      headers: response.headers,
    };
  };
  const close = () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return { url, server, call, close };
}

/**
 * Starts servers for the tests of one file and closes them after each test. Call it once at
 * the top of the file; each test then starts the server it needs.
 *
 * @example
 * const start = serverPerTest();
 * it('lists the plans', async () => {
 *   const t = await start({ state: exampleWith({ subscriptions: [] }) });
 *   expectSuccess(await t.call('GET', '/api/v1/plans'), 'listPlans').plans;
 * });
 */
export function serverPerTest(): (options?: Partial<ServerOptions>) => Promise<TestServer> {
  const running: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startServer(options);
    running.push(server);
    return server;
  };
}

/** The body of a successful answer of `operation`, as its response codec types it. */
export type SuccessBody<Op extends OperationId> = (typeof endpoints)[Op]['response'] extends {
  readonly _A: infer A;
}
  ? A
  : never;

/**
 * Asserts a 200 answer whose body decodes with the response codec of `operation`, and
 * returns the body (as sent: keys the codec does not know are kept).
 *
 * @example
 * const { wallet } = expectSuccess(await t.call('PUT', path, body), 'updateWallet');
 */
export function expectSuccess<Op extends OperationId>(
  answer: Answer,
  operation: Op,
): SuccessBody<Op> {
  expect(answer.status).toBe(200);
  expectDecodes(operation, answer.body);
  return answer.body as SuccessBody<Op>;
}

/** Asserts that `body` decodes with the response codec of `operation`. */
export function expectDecodes(operation: OperationId, body: unknown): void {
  const codec: Parameters<typeof decode<unknown>>[0] = endpoints[operation].response;
  const decoded = decode(codec, body);
  if (decoded._tag === 'Left') expect.fail(decoded.left.message);
}

/** Error texts by status (wire-models §5). */
const ERROR_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

/**
 * Asserts an error answer in the shape of wire-models §5: the status in the body, the
 * `error` text of the status (400: `BadRequest: ...`), `code` from 403 on, `error_details`
 * only on 422, and nothing else (no stack, no message).
 */
export function expectError(answer: Answer, status: number, code?: string): void {
  expect(answer.status).toBe(status);
  const decoded = decode(ApiError, answer.body);
  if (decoded._tag === 'Left') expect.fail(decoded.left.message);
  const body = decoded.right;
  expect(body.status).toBe(status);
  if (status === 400) expect(body.error).toMatch(/^BadRequest: /);
  else expect(body.error).toBe(ERROR_TEXT[status]);
  if (code !== undefined) expect(body.code).toBe(code);
  const keys = Object.keys(body).sort();
  const allowed =
    status === 422
      ? ['code', 'error', 'error_details', 'status']
      : status < 403
        ? ['error', 'status']
        : ['code', 'error', 'status'];
  expect(keys).toEqual(allowed);
}

/**
 * Asserts a 422 `validation_errors` answer (wire-models §5) with exactly these
 * `error_details`.
 *
 * @example
 * expectValidationErrors(answer, { paid_credits: ['amount_below_minimum'] });
 */
export function expectValidationErrors(answer: Answer, details: Record<string, unknown>): void {
  expectError(answer, 422, 'validation_errors');
  expect((answer.body as { error_details: unknown }).error_details).toEqual(details);
}

/** The example state, for tests that change one part of it. */
export function example(): ServerState {
  return exampleState(NOW);
}

/** The example state with some collections replaced. */
export function exampleWith(changes: Partial<ServerState>): ServerState {
  return { ...exampleState(NOW), ...changes };
}

/**
 * `state` with more stored events of the active subscription `sub_1234567890`: each a stored
 * example event (ids, customer, subscription) with the given fields, and a fresh `svc_id`.
 */
export function withEvents(
  state: ServerState,
  events: readonly Partial<UsageEventRecord>[],
): ServerState {
  const template = [...exampleState(NOW).events][0] as UsageEventRecord;
  const added = events.map(
    (event, i): UsageEventRecord => ({
      ...template,
      svc_id:
        `fe000000-0000-4000-8000-${String(i).padStart(12, '0')}` as UsageEventRecord['svc_id'],
      created_at: (event.timestamp ?? template.created_at) as UsageEventRecord['created_at'],
      ...event,
    }),
  );
  return { ...state, events: [...state.events, ...added] };
}

// The test clock is 2025-03-15T12:00Z: the anniversary period of the subscription (started
// 2025-01-15, customer in America/Los_Angeles) runs from 2025-03-15T07:00Z to
// 2025-04-15T06:59:59Z, 31 days, of which the first (1 day) has started.
/** 12 cpu seconds on the test day, in the current period. */
export const CPU_TODAY: Partial<UsageEventRecord> = {
  transaction_id: 'tx_cpu_today',
  code: 'cpu',
  timestamp: '2025-03-15T10:00:00Z' as UsageEventRecord['timestamp'],
  properties: { cpu_seconds: '12' },
};

/**
 * A request as the reducer reads it (`path` whole, e.g. `/api/v1/plans`), from a loopback
 * origin, `body` sent as JSON when given.
 */
export function apiRequest(method: string, path: string, body?: unknown, query = ''): ApiRequest {
  return {
    method,
    path,
    query,
    origin: 'http://127.0.0.1:1',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}
