// The fetch handler of `feecast/fetch` (issue 23 §4) in Node, with the standard `Request`: the
// same requests sent to it and to the built HTTP server (`createServer`, what `feecast serve`
// runs), on the same state, clock and portal key, get the same answers byte for byte (status,
// headers, body), across every group of operations, the portal page, the OpenAPI document and
// the errors. And the entry is browser-safe: bundled for the browser platform, its whole module
// graph holds no Node module (the bundle the chromium test loads, test/fetch-browser.test.ts).

import type { AddressInfo } from 'node:net';
import { createServer, exampleState } from 'feecast';
import { createFetchHandler } from 'feecast/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from './fetch-bundle';

const KEY = 'fetch-test-key';
/** Day 15 of hooli_1234's March period in the bundled example state. */
const NOW = '2025-03-15T12:00:00.000Z';
const clock = () => new Date(NOW);
const portalKey = new Uint8Array(32).fill(7);
const WALLET = '66a81770-c736-48e0-9785-c276e2366448';
const DRAFT_INVOICE = '2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b';
const CREDIT_NOTE = '05805d2a-9ebf-4c41-93ec-b70778317962';
const WEBHOOK_ENDPOINT = 'af668e56-47e6-4b60-a398-d8160ce92db4';
const APPLIED_COUPON = '53b8dbe3-1f96-4b2e-bbca-e185bc6a5ac0'; // spring_10

/** The headers an answer may carry; `date`, `connection` and `keep-alive` are the socket's. */
const HEADERS = [
  'allow',
  'cache-control',
  'content-length',
  'content-security-policy',
  'content-type',
  'referrer-policy',
  'www-authenticate',
  'x-content-type-options',
] as const;

interface Exchange {
  readonly status: number;
  readonly headers: Record<string, string | null>;
  readonly text: string;
}

async function exchangeOf(response: Response): Promise<Exchange> {
  const headers: Record<string, string | null> = {};
  for (const name of HEADERS) headers[name] = response.headers.get(name);
  return { status: response.status, headers, text: await response.text() };
}

interface Pair {
  readonly origin: string;
  readonly server: ReturnType<typeof createServer>;
  readonly handler: (request: Request) => Promise<Response>;
}

async function pair(idPrefix: 'svc' | 'lago'): Promise<Pair> {
  const options = { apiKeys: [KEY], state: exampleState(NOW), clock, portalKey, idPrefix };
  const server = createServer(options);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server, handler: createFetchHandler(options) };
}

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  /** Headers in place of the API key and JSON content type. */
  readonly headers?: Record<string, string>;
  /** The body as text, sent as it is. */
  readonly raw?: string;
}

/** Sends `call` to the server, then to the handler; both answers. */
async function both(at: Pair, call: Call): Promise<[Exchange, Exchange]> {
  const url = call.path.startsWith('http') ? call.path : `${at.origin}${call.path}`;
  const init = (): RequestInit => ({
    method: call.method,
    headers: call.headers ?? { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(call.raw !== undefined
      ? { body: call.raw }
      : call.body === undefined
        ? {}
        : { body: JSON.stringify(call.body) }),
  });
  const viaServer = await exchangeOf(await fetch(url, init()));
  const viaHandler = await exchangeOf(await at.handler(new Request(url, init())));
  return [viaServer, viaHandler];
}

const api = (path: string) => `/api/v1${path}`;

/** Every group of operations, in an order where each change is seen by the reads after it. */
const CALLS: readonly Call[] = [
  // catalog
  { method: 'GET', path: api('/plans') },
  { method: 'GET', path: api('/billable_metrics?page=1&per_page=3') },
  {
    method: 'PUT',
    path: api('/billable_metrics/requests'),
    body: { billable_metric: { name: 'API requests' } },
  },
  {
    method: 'POST',
    path: api('/add_ons'),
    body: { add_on: { name: 'Setup', code: 'setup', amount_cents: 5000, amount_currency: 'USD' } },
  },
  // events and estimates
  {
    method: 'POST',
    path: api('/events'),
    body: {
      event: {
        transaction_id: 'tx_fetch_cpu',
        code: 'cpu',
        external_subscription_id: 'sub_1234567890',
        timestamp: '2025-03-15T10:00:00Z',
        properties: { cpu_seconds: '12' },
      },
    },
  },
  {
    method: 'POST',
    path: api('/events/estimate_fees'),
    body: {
      event: {
        code: 'seats',
        external_subscription_id: 'sub_1234567890',
        properties: { seat_id: 's', region: 'Europe' },
      },
    },
  },
  // usage
  {
    method: 'GET',
    path: api('/customers/hooli_1234/current_usage?external_subscription_id=sub_1234567890'),
  },
  {
    method: 'GET',
    path: api('/customers/hooli_1234/projected_usage?external_subscription_id=sub_1234567890'),
  },
  // subscriptions
  { method: 'GET', path: api('/subscriptions?external_customer_id=hooli_1234') },
  {
    method: 'PUT',
    path: api('/subscriptions/sub_1234567890'),
    body: { subscription: { name: 'Renamed' } },
  },
  // wallets
  { method: 'PUT', path: api(`/wallets/${WALLET}`), body: { wallet: { name: 'Fetch wallet' } } },
  {
    method: 'POST',
    path: api('/wallet_transactions'),
    body: { wallet_transaction: { wallet_id: WALLET, granted_credits: '10' } },
  },
  // coupons
  { method: 'GET', path: api('/applied_coupons') },
  { method: 'DELETE', path: api(`/customers/hooli_1234/applied_coupons/${APPLIED_COUPON}`) },
  { method: 'DELETE', path: api('/coupons/spring_10') },
  // invoices and billing documents
  {
    method: 'POST',
    path: api('/invoices/preview'),
    body: { customer: { external_id: 'hooli_1234' }, plan_code: 'startup' },
  },
  { method: 'PUT', path: api(`/invoices/${DRAFT_INVOICE}/finalize`), body: { invoice: {} } },
  { method: 'GET', path: api(`/credit_notes/${CREDIT_NOTE}`) },
  { method: 'GET', path: api('/payment_receipts') },
  // organization and activity
  { method: 'GET', path: api('/billing_entities') },
  { method: 'GET', path: api(`/webhook_endpoints/${WEBHOOK_ENDPOINT}`) },
  { method: 'GET', path: api('/activity_logs?per_page=2') },
  // the API's description and the errors
  { method: 'GET', path: api('/openapi.json'), headers: {} },
  { method: 'HEAD', path: api('/openapi.json'), headers: {} },
  { method: 'GET', path: api('/plans'), headers: { authorization: 'Bearer wrong' } },
  { method: 'GET', path: api('/nowhere') },
  { method: 'DELETE', path: api('/plans') },
  { method: 'POST', path: api('/events'), raw: '{"event": ' },
  { method: 'POST', path: api('/add_ons'), body: { add_on: { name: 'x' } } },
  { method: 'POST', path: api('/events'), raw: `{"event": "${'x'.repeat(1024 * 1024)}"}` },
];

describe('the fetch handler answers as the HTTP server, byte for byte', () => {
  let at: Pair;
  let answers: Array<[Exchange, Exchange]> = [];

  beforeAll(async () => {
    at = await pair('svc');
    answers = [];
    for (const call of CALLS) answers.push(await both(at, call));
  }, 60_000);

  afterAll(() => at.server.close());

  it.each(CALLS.map((call, i) => ({ i, name: `${call.method} ${call.path.slice(0, 80)}` })))(
    '$name',
    ({ i }) => {
      const [viaServer, viaHandler] = answers[i] ?? [];
      expect(viaHandler).toEqual(viaServer);
    },
  );

  it('the answers are the operations’ own, not a shared failure', () => {
    // 22 operations answered, then the description (GET, HEAD) and the errors.
    expect(answers.map(([viaServer]) => viaServer.status)).toEqual([
      ...Array<number>(24).fill(200),
      401,
      404,
      405,
      400,
      422,
      413,
    ]);
    // A seat in Europe: 10.00 USD + 20 % VAT = 12.00 (test/lago-client.test.ts).
    const estimate = JSON.parse(answers[5]?.[1].text ?? '{}') as {
      fees: Array<{ amount_cents: number; taxes_amount_cents: number; total_amount_cents: number }>;
    };
    const [fee] = estimate.fees;
    expect([fee?.amount_cents, fee?.taxes_amount_cents, fee?.total_amount_cents]).toEqual([
      1000, 200, 1200,
    ]);
    // cpu, graduated 0-10 at 0.50 + 10.00 flat, then 0.40: 10 × 0.5 + 10 + 2 × 0.4 = 15.80.
    const usage = JSON.parse(answers[6]?.[1].text ?? '{}') as {
      customer_usage: {
        charges_usage: Array<{
          units: string;
          amount_cents: number;
          billable_metric: { code: string };
        }>;
      };
    };
    const cpu = usage.customer_usage.charges_usage.find((c) => c.billable_metric.code === 'cpu');
    expect([cpu?.units, cpu?.amount_cents]).toEqual(['12', 1580]);
    expect(answers[26]?.[1].headers.allow).toBe('GET, HEAD');
  });

  it('the portal link and its page, signed with the same key, are the same', async () => {
    const [viaServer, viaHandler] = await both(at, {
      method: 'GET',
      path: api('/customers/hooli_1234/portal_url'),
    });
    expect(viaHandler).toEqual(viaServer);
    const link = (JSON.parse(viaHandler.text) as { customer: { portal_url: string } }).customer
      .portal_url;
    expect(link.startsWith(`${at.origin}/customer_portal/`)).toBe(true);
    const [page, pageOfHandler] = await both(at, { method: 'GET', path: link, headers: {} });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Usage of Gavin Belson');
    expect(pageOfHandler).toEqual(page);
    const [refused, refusedByHandler] = await both(at, {
      method: 'POST',
      path: link,
      headers: {},
    });
    expect([refused.status, refused.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect(refusedByHandler).toEqual(refused);
  });
});

describe('with lago_ keys', () => {
  it('both rename the generated ids’ keys the same way', async () => {
    const at = await pair('lago');
    try {
      for (const path of [api('/plans'), api(`/credit_notes/${CREDIT_NOTE}`), api('/nowhere')]) {
        const [viaServer, viaHandler] = await both(at, { method: 'GET', path });
        expect(viaHandler).toEqual(viaServer);
      }
      const [plans] = await both(at, { method: 'GET', path: api('/plans') });
      expect(plans.text).toContain('"lago_id":');
      expect(plans.text).not.toContain('"svc_id":');
    } finally {
      at.server.close();
    }
  });
});

describe('the entry is browser-safe', () => {
  it('bundles for the browser platform without any Node module', async () => {
    const bundle = await bundleForBrowser('feecast/fetch');
    expect(bundle.nodeImports).toEqual([]);
    expect(bundle.code).toContain('createFetchHandler');
  }, 60_000);

  it('the check finds a Node module when there is one (control: the main entry)', async () => {
    const bundle = await bundleForBrowser('feecast');
    // tsup writes Node builtins without their `node:` prefix (`http`); both are caught.
    expect(bundle.nodeImports).toEqual(expect.arrayContaining(['http', 'fs', 'child_process']));
  }, 60_000);
});
