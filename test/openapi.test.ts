// The OpenAPI 3.1 document of `feecast serve` (issue 23 §4), generated from the endpoint table
// and the codecs: valid for the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator, which
// checks a document against the schemas the OpenAPI Initiative publishes), served without a
// key at /api/v1/openapi.json, and what the server answers conforms to it (ajv, JSON Schema
// 2020-12). The lago-client suite checks every answer it receives against it too.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DecimalString,
  endpoints,
  jsonSchemaOf,
  PaginationMeta,
  WalletResponse,
} from '@feecast/models';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { openApiDocument } from 'feecast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformance, type Received } from './openapi-conformance';
import { repoRoot, type Served, startServe } from './serve';

/** A wire fixture of the repository, parsed. */
function fixture(file: string): unknown {
  return JSON.parse(readFileSync(join(repoRoot, 'fixtures/wire', file), 'utf8')) as unknown;
}

const KEY = 'openapi-test-key';
let served: Served;

beforeAll(async () => {
  served = await startServe(
    ['packages/feecast/bin/feecast.js', 'serve', '--port', '0', '--now', '2025-03-20T12:00:00Z'],
    { FEECAST_API_KEYS: KEY },
  );
}, 30_000);

afterAll(async () => {
  expect(await served.stop()).toBe(0);
});

async function call(method: string, path: string, body?: unknown): Promise<Received> {
  const response = await fetch(`${served.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    method,
    path: path.split('?')[0] ?? path,
    status: response.status,
    body: await response.json(),
  };
}

/** Every `$ref` of a JSON value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') out.push(inner);
      else refs(inner, out);
    }
  }
  return out;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has every operation of the endpoint table, and every reference resolves', () => {
    const document = openApiDocument() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const [id, endpoint] of Object.entries(endpoints)) {
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(id);
    }
    const names = Object.keys(document.components.schemas);
    for (const ref of refs(document)) {
      expect(names).toContain(ref.replace('#/components/schemas/', ''));
    }
    expect(names).toEqual(expect.arrayContaining(['InvoicePreviewRequest', 'Invoice', 'Fee']));
  });

  it('is served at /api/v1/openapi.json without a key, as openApiDocument() makes it', async () => {
    const response = await fetch(`${served.base}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(openApiDocument());
    const head = await fetch(`${served.base}/openapi.json`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });
});

describe('JSON Schemas of the codecs', () => {
  const ajv = new Ajv2020({ strict: false });

  it('a decimal is a string of the decimal pattern, never a number', () => {
    const valid = ajv.compile(jsonSchemaOf(DecimalString));
    expect(['12', '-0.5', '1.2e-3'].map((v) => valid(v))).toEqual([true, true, true]);
    expect([12.5, '12.', '1,5', ''].map((v) => valid(v))).toEqual([false, false, false, false]);
  });

  it('required keys, nullable values, enums and integers, as the codec decodes them', () => {
    const valid = ajv.compile(jsonSchemaOf(WalletResponse));
    const { wallet } = fixture('response.wallet.json') as { wallet: Record<string, unknown> };
    expect(valid({ wallet })).toBe(true);
    expect(valid({ wallet: { ...wallet, expiration_at: null } })).toBe(true);
    expect(valid({ wallet: { ...wallet, status: 'frozen' } })).toBe(false);
    expect(valid({ wallet: { ...wallet, balance_cents: '1000' } })).toBe(false);
    expect(valid({ wallet: { ...wallet, balance_cents: 10.5 } })).toBe(false);
    expect(valid({ wallet: { ...wallet, credits_balance: 10 } })).toBe(false);
    const { svc_id: _id, ...anonymous } = wallet;
    expect(valid({ wallet: anonymous })).toBe(false);
    expect(valid(wallet)).toBe(false);
    // An optional key may be left out; an unknown one is kept, as the codec keeps it.
    const meta = ajv.compile(jsonSchemaOf(PaginationMeta));
    const page = {
      current_page: 1,
      next_page: null,
      prev_page: null,
      total_pages: 1,
      total_count: 2,
    };
    expect([meta(page), meta({ ...page, extra: true })]).toEqual([true, true]);
  });
});

describe('what the server answers conforms to the document', () => {
  it('every operation that reads, an estimate, an invoice preview and the errors', async () => {
    const document = (await (await fetch(`${served.base}/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const check = conformance(document);
    const answers = [
      await call('GET', '/plans'),
      await call('GET', '/billable_metrics'),
      await call('GET', '/subscriptions?external_customer_id=hooli_1234'),
      await call('GET', '/applied_coupons'),
      await call('GET', '/billing_entities'),
      await call('GET', '/activity_logs'),
      await call('GET', '/payment_receipts'),
      await call('GET', '/credit_notes/05805d2a-9ebf-4c41-93ec-b70778317962'),
      await call('GET', '/webhook_endpoints/af668e56-47e6-4b60-a398-d8160ce92db4'),
      await call('GET', '/customers/hooli_1234/portal_url'),
      await call(
        'GET',
        '/customers/hooli_1234/current_usage?external_subscription_id=sub_1234567890',
      ),
      await call(
        'GET',
        '/customers/hooli_1234/projected_usage?external_subscription_id=sub_1234567890',
      ),
      await call('POST', '/events/estimate_fees', {
        event: {
          code: 'seats',
          external_subscription_id: 'sub_1234567890',
          properties: { seat_id: 's', region: 'Europe' },
        },
      }),
      await call('POST', '/invoices/preview', {
        customer: { external_id: 'hooli_1234' },
        plan_code: 'startup',
      }),
      await call('POST', '/invoices/preview', {
        customer: { name: 'Prospect' },
        plan_code: 'premium',
        billing_time: 'anniversary',
      }),
      await call('POST', '/invoices/preview', { customer: { external_id: 'hooli_1234' } }),
      await call('GET', '/credit_notes/not-there'),
      await call('POST', '/add_ons', { add_on: { name: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(15).fill(200), 422, 404, 422]);
    expect(answers.flatMap(check)).toEqual([]);
  });

  it('a body that breaks the schema is caught (the check can fail)', () => {
    const check = conformance(openApiDocument());
    expect(check({ method: 'GET', path: '/plans', status: 200, body: { plans: [] } })).not.toEqual(
      [],
    );
    expect(check({ method: 'GET', path: '/nowhere', status: 200, body: {} })).not.toEqual([]);
  });
});
