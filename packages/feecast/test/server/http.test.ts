// The HTTP edge: authentication, routing, body limits and parsing, error shapes
// (wire-models §5, estimate-and-usage §1); generated junk requests: junk-requests.test.ts.
import { endpoints, type OperationId } from '@feecast/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  expectError,
  expectValidationErrors,
  fixture,
  startServer,
  type TestServer,
} from './builders';

let t: TestServer;
beforeAll(async () => {
  t = await startServer({ maxBodyBytes: 64 * 1024 });
});
afterAll(async () => {
  await t.close();
});

const WALLET = '/api/v1/wallets/66a81770-c736-48e0-9785-c276e2366448';

describe('authentication: Authorization: Bearer <key> on every endpoint', () => {
  const paths = (Object.keys(endpoints) as OperationId[]).map((op) => {
    const { method, path } = endpoints[op];
    return [op, method, path.replace(/\{\w+\}/g, 'x')] as const;
  });

  it.each(paths)(
    '%s answers 401 {status, error: "Unauthorized"} without a key',
    async (_op, method, path) => {
      const answer = await t.call(method, `/api/v1${path}`, undefined, {});
      expectError(answer, 401);
      expect(answer.body).toEqual({ status: 401, error: 'Unauthorized' });
    },
  );

  it.each([
    ['a wrong key', `Bearer ${API_KEY}x`],
    ['a prefix of the key', `Bearer ${API_KEY.slice(0, 5)}`],
    ['another scheme', `Basic ${API_KEY}`],
    ['the key alone', API_KEY],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s', async (_what, header) => {
    expectError(await t.call('GET', '/api/v1/plans', undefined, { authorization: header }), 401);
  });

  it('accepts the key, whatever the case of "Bearer"', async () => {
    const answer = await t.call('GET', '/api/v1/plans', undefined, {
      authorization: `bearer ${API_KEY}`,
    });
    expect(answer.status).toBe(200);
  });

  it('answers 401 before telling whether a route exists', async () => {
    expectError(await t.call('GET', '/api/v1/nothing_here', undefined, {}), 401);
  });
});

describe('routing', () => {
  it('answers 404 route_not_found for an unknown path, in or out of /api/v1', async () => {
    expectError(await t.call('GET', '/api/v1/nothing_here'), 404, 'route_not_found');
    expectError(await t.call('GET', '/'), 404, 'route_not_found');
    expectError(await t.call('GET', '/api/v2/plans'), 404, 'route_not_found');
  });

  it('answers 405 with the allowed methods for a known path and another method', async () => {
    const answer = await t.call('DELETE', '/api/v1/plans');
    expectError(answer, 405, 'method_not_allowed');
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    const wallet = await t.call('GET', WALLET);
    expectError(wallet, 405, 'method_not_allowed');
    expect(wallet.headers.get('allow')).toBe('PUT');
  });

  const getPaths = (Object.keys(endpoints) as OperationId[])
    .filter((op) => endpoints[op].method === 'GET')
    .map(
      (op) =>
        [
          op,
          `/api/v1${endpoints[op].path}`.replace('{external_customer_id}', 'hooli_1234'),
        ] as const,
    );

  it.each(getPaths)(
    'HEAD of %s (%s) answers as its GET, with the same headers and no body',
    async (_op, path) => {
      const headers = { authorization: `Bearer ${API_KEY}` };
      const get = await fetch(`${t.url}${path}`, { headers });
      const text = await get.text();
      const head = await fetch(`${t.url}${path}`, { method: 'HEAD', headers });
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await head.text()).toBe('');
    },
  );

  it('HEAD answers 200 where GET does, and 405 (Allow: PUT) on a path without a GET', async () => {
    const headers = { authorization: `Bearer ${API_KEY}` };
    expect((await fetch(`${t.url}/api/v1/plans`, { method: 'HEAD', headers })).status).toBe(200);
    const wallet = await fetch(`${t.url}${WALLET}`, { method: 'HEAD', headers });
    expect([wallet.status, wallet.headers.get('allow')]).toEqual([405, 'PUT']);
  });

  it('answers 404 (not 500) for a path with a broken percent-escape', async () => {
    expectError(await t.call('GET', '/api/v1/credit_notes/%E0%A4%A'), 404, 'route_not_found');
  });

  it('sends JSON with no-store and nosniff headers', async () => {
    const answer = await t.call('GET', '/api/v1/billing_entities');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('request bodies', () => {
  it('answers the reference 400 body for a missing root key (error.bad_request.json)', async () => {
    const answer = await t.call('PUT', WALLET, { name: 'bare' });
    expectError(answer, 400);
    expect(answer.body).toEqual(fixture('error.bad_request.json'));
  });

  it.each([
    ['an empty body', undefined],
    ['an empty root object', { wallet: {} }],
    ['a null root', { wallet: null }],
    ['an array', [1, 2]],
    ['a string', 'wallet'],
  ])('answers 400 for %s', async (_what, body) => {
    const answer = await t.call('PUT', WALLET, body);
    expectError(answer, 400);
    expect((answer.body as { error: string }).error).toBe(
      'BadRequest: param is missing or the value is empty or invalid: wallet',
    );
  });

  it('answers 400 for a body that is not JSON, or not UTF-8', async () => {
    expectError(await t.call('PUT', WALLET, { raw: '{"wallet": {' }), 400);
    expectError(await t.call('PUT', WALLET, { raw: new Uint8Array([0x7b, 0xff, 0x7d]) }), 400);
  });

  it('answers 400 for the bad fixture without root (bad/request.create_wallet_transaction.missing_root.json)', async () => {
    const body = fixture('bad/request.create_wallet_transaction.missing_root.json');
    expectError(await t.call('POST', '/api/v1/wallet_transactions', body), 400);
  });

  it('answers 422 validation_errors naming each field that does not decode', async () => {
    const answer = await t.call('PUT', WALLET, { wallet: { priority: 'high', name: 3 } });
    expectValidationErrors(answer, {
      priority: ['value_is_invalid'],
      name: ['value_is_invalid'],
    });
  });

  it('answers 413 payload_too_large past the body limit, and keeps serving', async () => {
    const big = { wallet: { name: 'x'.repeat(80 * 1024) } };
    expectError(await t.call('PUT', WALLET, big), 413, 'payload_too_large');
    expect((await t.call('GET', '/api/v1/plans')).status).toBe(200);
  });

  it('keeps __proto__ and constructor keys as plain data: no prototype is touched', async () => {
    const raw =
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "wallet": {"__proto__": {"polluted": 1}, "name": "Safe", "metadata": {"__proto__": "x", "constructor": "y"}}}';
    const answer = await t.call('PUT', WALLET, { raw });
    expect(answer.status).toBe(200);
    const wallet = (answer.body as { wallet: Record<string, unknown> }).wallet;
    expect(wallet.name).toBe('Safe');
    expect(Object.hasOwn(wallet, 'polluted')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(wallet.metadata as object).sort()).toEqual(['__proto__', 'constructor']);
  });

  it('treats __proto__ and constructor in paths as codes that do not exist', async () => {
    for (const code of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expectError(
        await t.call('PUT', `/api/v1/billable_metrics/${code}`, { billable_metric: { name: 'x' } }),
        404,
        'billable_metric_not_found',
      );
      expectError(await t.call('DELETE', `/api/v1/coupons/${code}`), 404, 'coupon_not_found');
    }
  });
});

// Junk requests (generated methods, paths, queries and bodies): junk-requests.test.ts.
