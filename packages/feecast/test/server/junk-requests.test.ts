// Junk requests (issue 9 item 6, robustness of item 5): generated junk methods, paths, query
// strings and bodies (request fixtures with junk edits, raw text, truncated and deeply nested
// JSON, `__proto__` / `constructor` keys) sent to the pure reducer (many runs) and to a real
// server over loopback HTTP (fewer runs). Laws: every answer is a well-formed error (or a
// success whose body decodes); a failed request changes nothing in the whole state; no
// request changes the state object it is given; no prototype is ever polluted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type ApiError, type Endpoint, endpoints, type OperationId } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/server/http/request';
import { route } from '../../src/server/http/router';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import { readDataDirectory } from '../../src/server/state/journal';
import { SNAPSHOT_FILE, stateFromText } from '../../src/server/state/snapshot';
import type { ServerState } from '../../src/server/state/state';
import {
  type Answer,
  example,
  expectDecodes,
  expectError,
  fixture,
  NOW,
  startServer,
  type TestServer,
} from './builders';

const now = asTimestamp(NOW);

/** One generated request: what a client sends. */
interface Junk {
  readonly method: string;
  /** The path as sent, without the query string. */
  readonly path: string;
  /** The query string, without `?`. */
  readonly query: string;
  readonly body?: string | Uint8Array;
}

// ---------------------------------------------------------------------------------------
// Generators

const STATE = example();
const OPERATIONS = Object.keys(endpoints) as OperationId[];

/** Keys that pollute a prototype when code assigns them naively. */
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineSetter__',
];

/** Ids and codes that exist in the example state, by the path parameter that takes them. */
const IDS_BY_PARAM: Readonly<Record<string, readonly string[]>> = {
  svc_id: [
    ...STATE.wallets.map((w) => w.svc_id),
    ...STATE.invoices.map((i) => i.svc_id),
    ...STATE.credit_notes.map((c) => c.svc_id),
    ...STATE.webhook_endpoints.map((w) => w.svc_id),
  ],
  external_id: STATE.subscriptions.map((s) => s.external_id),
  code: [...STATE.billable_metrics.map((m) => m.code), ...STATE.coupons.map((c) => c.code)],
  external_customer_id: STATE.customers.map((c) => c.external_id),
  applied_coupon_id: STATE.applied_coupons.map((c) => c.svc_id),
  activity_id: STATE.activity_logs.map((l) => l.activity_id),
};
const IDS: readonly string[] = [
  ...Object.values(IDS_BY_PARAM).flat(),
  ...STATE.plans.map((p) => p.code),
  ...STATE.subscriptions.map((s) => s.external_id),
];
const SUBSCRIPTION_IDS = IDS_BY_PARAM.external_id ?? [];

const QUERY_PARAMS = OPERATIONS.flatMap((op) => {
  const endpoint: Endpoint = endpoints[op];
  return endpoint.query ?? [];
});
const QUERY_NAMES = [...new Set([...QUERY_PARAMS.map((q) => q.name), 'status[]'])];
const QUERY_VALUES = [...new Set(QUERY_PARAMS.flatMap((q) => q.values ?? []))];

/** The request fixtures of each operation with a body (the wire fixtures of the spec). */
const FIXTURES: Partial<Record<OperationId, readonly string[]>> = {
  updateWallet: ['request.update_wallet.json', 'request.update_wallet.full.json'],
  createWalletTransactions: [
    'request.create_wallet_transaction.json',
    'request.create_wallet_transaction.full.json',
  ],
  updateSubscription: [
    'request.update_subscription.json',
    'request.update_subscription.pending.json',
  ],
  updateBillableMetric: [
    'request.update_billable_metric.json',
    'request.update_billable_metric.sum_agg.json',
  ],
  createAddOn: ['request.create_add_on.json'],
  estimateFees: ['request.estimate_fees.json', 'request.estimate_fees.minimal.json'],
  createEvent: ['request.estimate_fees.json', 'request.estimate_fees.minimal.json'],
  finalizeInvoice: ['request.finalize_invoice.json'],
};
const ALL_FIXTURES = [...new Set(Object.values(FIXTURES).flat())];
const FIXTURE_BODIES = new Map(ALL_FIXTURES.map((file) => [file, fixture(file)]));

/** A private copy of the request fixture `file`. */
function fixtureBody(file: string): unknown {
  return copy(FIXTURE_BODIES.get(file) ?? null);
}

/** A body nested deeper than any codec expects (16 KiB and more: a 413 over HTTP). */
const DEEP = `{"wallet":{"metadata":${'['.repeat(5000)}${']'.repeat(5000)}},"event":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)},"invoice":${'['.repeat(5000)}${']'.repeat(5000)}}`;

/** Every root key, each under `__proto__` and `constructor.prototype` too. */
const PROTO_TEXT = `{"__proto__":{"polluted":1,"wallet":{"name":"x"}},"constructor":{"prototype":{"polluted":1}},"wallet":{"__proto__":{"polluted":1},"name":"Proto","metadata":{"__proto__":{"polluted":1},"constructor":"c"}},"event":{"__proto__":{"code":"cpu"},"constructor":{"prototype":{"polluted":1}}}}`;

/** Well-formed strings (for paths and queries) and any UTF-16 (for bodies). */
const text = fc.string({ unit: 'grapheme', maxLength: 10 });
const binaryText = fc.string({ unit: 'binary', maxLength: 12 });

/** A word of a path or query: an existing id, a prototype key, an edge case, or anything. */
const word = fc.oneof(
  fc.constantFrom(...IDS, ...PROTO_KEYS, '', ' ', 'null', 'undefined', '0', '-1', 'x'.repeat(300)),
  text,
);

/** Raw path segments that decode badly or mean something to URL normalization. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%00', '%2F', 'a%2Fb', '%2e%2e', '..', '.', '%C0%AE', '%FF'];
const segment = fc.oneof(
  { weight: 3, arbitrary: word.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
);

const prefix = fc.oneof(
  { weight: 8, arbitrary: fc.constant('/api/v1') },
  { weight: 1, arbitrary: fc.constantFrom('/api/v2', '/API/V1', '', '/api/v1/api/v1', '/api') },
);

const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '2',
    '100',
    '101',
    '1e3',
    '1.5',
    'NaN',
    'Infinity',
    '-0',
    '9'.repeat(20),
    'true',
    'false',
    '2025-03-15',
    '2025-02-30',
    ...QUERY_VALUES,
  ),
  word,
);
const queryKey = fc.oneof(
  fc.constantFrom(
    ...QUERY_NAMES,
    ...PROTO_KEYS,
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'page[]',
  ),
  text,
);
const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
      .map((pairs) =>
        pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom('&&', '=', '%', '%zz=1', 'page', 'page=1&page=x') },
);

/** An object with own `__proto__` and `constructor` keys, as `JSON.parse` makes them. */
const protoObject = fc
  .jsonValue({ maxDepth: 1 })
  .map(
    (v): unknown =>
      JSON.parse(
        `{"__proto__":${JSON.stringify(v)},"constructor":{"prototype":{"polluted":${JSON.stringify(v)}}}}`,
      ) as unknown,
  );

const junkValue = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    '-1',
    '0',
    '-0',
    '1e309',
    '1e-7',
    '0.1',
    '9'.repeat(40),
    'NaN',
    'Infinity',
    '2025-02-30',
    '2025-03-15T12:00:00Z',
    '2000-01-01T00:00:00Z',
    'not a date',
    ...PROTO_KEYS,
    ...IDS,
    -1,
    0,
    1.5,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    false,
    null,
    [],
    {},
  ),
  fc.jsonValue({ maxDepth: 2 }),
  binaryText,
  protoObject,
);

/** One change to a JSON document: which container (`at`), what to do, and with what. */
interface Edit {
  readonly at: number;
  readonly action: 'set' | 'delete' | 'add';
  readonly key: string;
  readonly value: unknown;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  action: fc.constantFrom('set', 'delete', 'add'),
  key: fc.oneof(fc.constantFrom(...PROTO_KEYS, 'wallet', 'event', 'metadata'), binaryText),
  value: junkValue,
});

/** Where a request body comes from, turned into text by {@link bodyText}. */
type BodySpec =
  | {
      readonly kind: 'fixture';
      readonly own: boolean;
      readonly pick: number;
      readonly edits: readonly Edit[];
    }
  | { readonly kind: 'truncated'; readonly pick: number; readonly length: number }
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array }
  | { readonly kind: 'every_root'; readonly value: unknown };

const bodySpec: fc.Arbitrary<BodySpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('fixture' as const),
      own: fc.constantFrom(true, true, true, false),
      pick: fc.nat(),
      edits: fc.array(edit, { maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('truncated' as const),
      pick: fc.nat(),
      length: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      text: fc.oneof(
        binaryText,
        fc.json({ maxDepth: 3 }),
        fc.constantFrom(
          '',
          ' ',
          'null',
          'true',
          '0',
          '[]',
          '{}',
          '""',
          '"wallet"',
          '{"wallet":{}}',
          '{"wallet":null}',
          '{"wallet":[]}',
          '{"wallet":{"name":"Twice"},"wallet":1}',
          '\ufeff{}',
          DEEP,
          PROTO_TEXT,
        ),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bytes' as const),
      bytes: fc.uint8Array({ maxLength: 16 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('every_root' as const), value: junkValue }),
  },
);

/** Sets `key` as an own data property, even `__proto__` (as `JSON.parse` would). */
function defineData(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A private copy of a JSON value (own `__proto__` keys kept). */
function copy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
}

/** Every object and array of a JSON document, depth first. */
function containers(value: unknown, into: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return into;
  into.push(value);
  for (const child of Object.values(value)) containers(child, into);
  return into;
}

/** `document` with `edit` made in one of its objects or arrays below the root, if any. */
function applyEdit(document: unknown, { at, action, key, value }: Edit): unknown {
  const every = containers(document);
  const all = every.length > 1 ? every.slice(1) : every;
  const target = all[at % Math.max(all.length, 1)];
  if (target === undefined) return copy(value);
  const keys = Object.keys(target);
  const existing = keys[Math.floor(at / all.length) % Math.max(keys.length, 1)];
  if (Array.isArray(target) && (action === 'add' || existing === undefined)) {
    target.push(copy(value));
  } else if (action === 'add' || existing === undefined) defineData(target, key, copy(value));
  else if (action === 'set') defineData(target, existing, copy(value));
  else if (Array.isArray(target)) target.splice(Number(existing), 1);
  else Reflect.deleteProperty(target, existing);
  return document;
}

function pick<A>(items: readonly A[], index: number): A {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** The body text of `spec` for a request to `operation` (undefined: no operation matched). */
function bodyText(spec: BodySpec, operation: OperationId | undefined): string | Uint8Array {
  switch (spec.kind) {
    case 'fixture': {
      const own = operation === undefined ? undefined : FIXTURES[operation];
      const file = pick(spec.own && own !== undefined ? own : ALL_FIXTURES, spec.pick);
      return JSON.stringify(spec.edits.reduce(applyEdit, fixtureBody(file))) ?? '';
    }
    case 'truncated': {
      const whole = JSON.stringify(fixtureBody(pick(ALL_FIXTURES, spec.pick)));
      return whole.slice(0, spec.length % whole.length);
    }
    case 'text':
      return spec.text;
    case 'bytes':
      return spec.bytes;
    case 'every_root': {
      const body = {};
      const roots = ['wallet', 'wallet_transaction', 'subscription', 'billable_metric', 'add_on'];
      for (const root of [...roots, 'event', '__proto__', 'constructor']) {
        defineData(body, root, copy(spec.value));
      }
      return JSON.stringify(body);
    }
  }
}

/** A path parameter: mostly an id of the example state that this parameter takes. */
const param = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((index) => ({ index })) },
  { weight: 2, arbitrary: segment.map((raw) => ({ raw })) },
);

/**
 * A request to an operation of the endpoint table: mostly its own method, prefix, ids and
 * body, with junk in the other parts (so that junk reaches the handlers, not only routing).
 */
function endpointRequest(methods: readonly string[]): fc.Arbitrary<Junk> {
  return fc
    .record({
      operation: fc.constantFrom(...OPERATIONS),
      params: fc.tuple(param, param),
      method: fc.oneof(
        { weight: 7, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...methods) },
      ),
      prefix: fc.oneof(
        { weight: 4, arbitrary: fc.constant('/api/v1') },
        { weight: 1, arbitrary: prefix },
      ),
      suffix: fc.oneof(
        { weight: 8, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('/', '//', '/x') },
      ),
      required: fc.option(fc.nat(), { freq: 4, nil: undefined }),
      query,
      body: fc.option(bodySpec, { freq: 6, nil: undefined }),
    })
    .map(({ operation, params, method, prefix, suffix, required, query, body }): Junk => {
      const endpoint: Endpoint = endpoints[operation];
      const path = endpoint.pathParams.reduce((filled, name, i) => {
        const given = params[i] ?? { raw: 'x' };
        const value =
          'raw' in given
            ? given.raw
            : encodeURIComponent(pick(IDS_BY_PARAM[name] ?? ['x'], given.index));
        return filled.replace(`{${name}}`, value);
      }, endpoint.path);
      // Mostly, the required query parameters (a subscription of the customer) are given.
      const needed = (endpoint.query ?? []).filter((q) => q.required && required !== undefined);
      const given = needed.map((q) => `${q.name}=${pick(SUBSCRIPTION_IDS, required ?? 0)}`);
      return {
        method: method ?? endpoint.method,
        path: `${prefix}${path}${suffix}`,
        query: [...given, query].filter((part) => part !== '').join('&'),
        ...(body === undefined ? {} : { body: bodyText(body, operation) }),
      };
    });
}

/** A request anywhere: junk segments under a junk or real prefix. */
function anyRequest(methods: readonly string[]): fc.Arbitrary<Junk> {
  return fc
    .record({
      method: fc.constantFrom(...methods),
      prefix,
      segments: fc.array(segment, { maxLength: 5 }),
      query,
      body: fc.option(bodySpec, { freq: 2, nil: undefined }),
    })
    .map(
      ({ method, prefix, segments, query, body }): Junk => ({
        method,
        path: `${prefix}/${segments.join('/')}`,
        query,
        ...(body === undefined ? {} : { body: bodyText(body, undefined) }),
      }),
    );
}

/** Methods `fetch` can send with our requests. */
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
/** Methods only the reducer sees (HEAD answers have no body; fetch refuses TRACE). */
const REDUCER_METHODS = [...HTTP_METHODS, 'HEAD', 'TRACE', 'get', 'Put', '', ' GET', 'PROPFIND'];

function junkRequests(methods: readonly string[], maxLength: number): fc.Arbitrary<Junk[]> {
  const request = fc.oneof(
    { weight: 4, arbitrary: endpointRequest(methods) },
    { weight: 1, arbitrary: anyRequest(methods) },
  );
  return fc.array(request, { minLength: 1, maxLength });
}

// ---------------------------------------------------------------------------------------
// Checks

/** Text that only a stack trace or an internal message would carry. */
const INTERNALS = /\n\s*at |\bat \S+ \(|node:internal|node_modules|\.[cm]?[jt]s:\d+|\b\w*Error: /;

const BAD_REQUEST =
  /^BadRequest: (the request body is not valid JSON|param is missing or the value is empty or invalid: [\w[\]]+)$/;

/**
 * Asserts that `answer` to `method path` is a success whose body decodes with the codec of
 * the operation the path routes to, or an error of `statuses` in the shape of wire-models
 * §5 (decoded with the models' `ApiError`), with codes only and nothing internal.
 */
function expectWellFormed(
  answer: Answer,
  method: string,
  path: string,
  statuses: readonly number[],
): void {
  if (answer.status === 200) {
    const matched = route(method, path);
    if (matched._tag === 'Left') expect.fail(`200 for ${method} ${path}, which routes nowhere`);
    expectDecodes(matched.right.operation, answer.body);
    return;
  }
  expect(statuses).toContain(answer.status);
  expectError(answer, answer.status);
  const body = answer.body as ApiError;
  if (body.status === 400) expect(body.error).toMatch(BAD_REQUEST);
  if (body.code !== undefined) expect(body.code).toMatch(/^[a-z_]+$/);
  if (body.code === 'method_not_allowed') {
    expect(answer.headers.get('allow')).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  }
  // Each detail is a code, or (engine errors, engine-error.ts) `<code>: <what to fix>`.
  for (const codes of Object.values(body.error_details ?? {})) {
    expect(Array.isArray(codes), 'error_details maps fields to lists').toBe(true);
    for (const detail of codes as unknown[]) expect(detail).toMatch(/^[a-z_]+(: [^\n]+)?$/);
  }
  expect(JSON.stringify(body)).not.toMatch(INTERNALS);
}

/** Asserts deep, strict equality of two whole states (prototypes and own keys included). */
/**
 * A state as its JSON document: what a state holds, whatever its collections are (arrays, or
 * chunked lists whose shared chunks may hold a newer state's items past this one's length).
 */
function documentOf(state: ServerState): unknown {
  return JSON.parse(JSON.stringify(state));
}

function expectSameState(actual: unknown, expected: unknown, what: string): void {
  if (isDeepStrictEqual(actual, expected)) return;
  expect(actual, what).toStrictEqual(expected);
  expect.fail(`${what}: the states differ (node:util isDeepStrictEqual)`);
}

const PROTOTYPES: readonly object[] = [
  Object.prototype,
  Array.prototype,
  Function.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
];

function ownProperties(target: object) {
  return Reflect.ownKeys(target).map((key) => ({
    key,
    descriptor: Reflect.getOwnPropertyDescriptor(target, key),
  }));
}

const PROTOTYPES_BEFORE = PROTOTYPES.map(ownProperties);

/**
 * The properties of built-in prototypes that differ from what they were when this file
 * loaded; each is put back (so that one pollution does not fail every later run, and
 * shrinking finds the request that did it).
 */
function restorePrototypes(): string[] {
  const changed: string[] = [];
  PROTOTYPES.forEach((prototype, i) => {
    const before = new Map((PROTOTYPES_BEFORE[i] ?? []).map((p) => [p.key, p.descriptor]));
    for (const { key, descriptor } of ownProperties(prototype)) {
      const old = before.get(key);
      const same =
        old !== undefined &&
        Object.is(descriptor?.value, old.value) &&
        descriptor?.get === old.get &&
        descriptor?.set === old.set;
      if (same) continue;
      changed.push(String(key));
      if (old === undefined) Reflect.deleteProperty(prototype, key);
      else Reflect.defineProperty(prototype, key, old);
    }
    for (const [key, old] of before) {
      if (old !== undefined && !Reflect.getOwnPropertyDescriptor(prototype, key)) {
        changed.push(String(key));
        Reflect.defineProperty(prototype, key, old);
      }
    }
  });
  return changed;
}

/** Asserts that no built-in prototype gained, lost or changed a property. */
function expectPrototypesClean(): void {
  expect(restorePrototypes(), 'properties of built-in prototypes changed').toEqual([]);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

function apiRequest(junk: Junk, origin: string): ApiRequest {
  const body = junk.body instanceof Uint8Array ? new TextDecoder().decode(junk.body) : junk.body;
  return { method: junk.method, path: junk.path, query: junk.query, origin, body };
}

/** An answer of the reducer as a client would read it (through JSON). */
function answerOf(response: { status: number; body: unknown; headers?: object }): Answer {
  return {
    status: response.status,
    body: JSON.parse(JSON.stringify(response.body)) as unknown,
    headers: new Headers({ ...response.headers }),
  };
}

// ---------------------------------------------------------------------------------------
// Properties

describe('junk requests to the reducer', () => {
  // 700 runs take about 5 s alone; a loaded machine needs more.
  it('a failed request changes nothing in the whole state, no request changes the state it is given, and every answer is well-formed', {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(junkRequests(REDUCER_METHODS, 5), (requests) => {
        let state = structuredClone(example());
        let before = documentOf(state);
        for (const junk of requests) {
          const { state: next, response } = reduce(
            state,
            apiRequest(junk, 'http://127.0.0.1:1'),
            now,
          );
          expectWellFormed(answerOf(response), junk.method, junk.path, [400, 404, 405, 422]);
          expectSameState(documentOf(state), before, 'the state given to the reducer');
          expectPrototypesClean();
          if (response.status !== 200) expect(next, 'the state after a failed request').toBe(state);
          else if (next !== state) {
            state = next;
            before = documentOf(next);
          }
        }
      }),
      { numRuns: 700 },
    );
  });
});

describe('junk requests over loopback HTTP', () => {
  const wallet = STATE.wallets.find((w) => w.status === 'active') ?? STATE.wallets[0];
  /** A change that makes the server save its whole live state. */
  const probe: Junk = {
    method: 'PUT',
    path: `/api/v1/wallets/${wallet?.svc_id ?? 'x'}`,
    query: '',
    body: JSON.stringify({ wallet: { name: 'Junk probe' } }),
  };

  /** What the data directory holds (its snapshot with its journal replayed), as JSON text. */
  async function saved(dataDir: string): Promise<string | undefined> {
    const held = readDataDirectory(dataDir);
    return held === undefined ? undefined : JSON.stringify(held.state);
  }

  async function send(t: TestServer, junk: Junk): Promise<Answer> {
    const target = `${junk.path}${junk.query === '' ? '' : `?${junk.query}`}`;
    const body = junk.body === undefined || junk.method === 'GET' ? undefined : { raw: junk.body };
    return t.call(junk.method, target, body);
  }

  it('a failed request saves nothing and leaves the live state as it was, and every answer is well-formed', async () => {
    await fc.assert(
      fc.asyncProperty(junkRequests(HTTP_METHODS, 4), async (requests) => {
        const dataDir = await mkdtemp(join(tmpdir(), 'feecast-junk-'));
        const given = structuredClone(example());
        const pristine = structuredClone(given);
        const t = await startServer({ state: given, dataDir, maxBodyBytes: 16 * 1024 });
        try {
          // The state the server must hold: the one given, or the last one it saved.
          let expected: ServerState = pristine;
          let snapshot = await saved(dataDir);
          for (const junk of requests) {
            const answer = await send(t, junk);
            const path = new URL(`${t.url}${junk.path}`).pathname;
            expectWellFormed(answer, junk.method, path, [400, 404, 405, 413, 422]);
            expectPrototypesClean();
            const after = await saved(dataDir);
            if (answer.status !== 200)
              expect(after, 'a snapshot after a failed request').toBe(snapshot);
            else if (after !== undefined && after !== snapshot) {
              const decoded = stateFromText(after, SNAPSHOT_FILE);
              if (decoded._tag === 'Left') expect.fail(decoded.left.message);
              expected = decoded.right;
              snapshot = after;
            }
          }
          // The probe saves the live state: it must be the expected state, probed.
          const answer = await send(t, probe);
          const { state: probed, response } = reduce(expected, apiRequest(probe, t.url), now);
          expect(answer.status).toBe(200);
          expect(answer.body, 'the probe answer').toEqual(answerOf(response).body);
          expect(probed).not.toBe(expected);
          const live = await saved(dataDir);
          // Both sides are parsed JSON (no undefined, no class instances), so toEqual is exact
          // here; toStrictEqual would compare a junk body's own "constructor" key as a type.
          expect(JSON.parse(live ?? 'null'), 'the live state, saved by the probe').toEqual(
            JSON.parse(JSON.stringify(probed)),
          );
          expectSameState(given, pristine, 'the state given to the server');
        } finally {
          await t.close();
          await rm(dataDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 50 },
    );
    // Fifty servers with a data directory, started and stopped: seconds on a loaded machine.
  }, 60_000);
});
