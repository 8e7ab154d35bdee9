import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { type Endpoint, endpoints, InvoicePreviewRequest, InvoiceResponse } from '../src/index';

/** The operation ids of the contract (API.md), plus the three the project adds. */
const operationIds = [
  'updateWallet',
  'createWalletTransactions',
  'updateSubscription',
  'listSubscriptions',
  'listPlans',
  'listBillableMetrics',
  'updateBillableMetric',
  'createAddOn',
  'deleteCoupon',
  'deleteAppliedCoupon',
  'listAppliedCoupons',
  'finalizeInvoice',
  'getCreditNote',
  'getProjectedUsage',
  'estimateFees',
  'getPortalUrl',
  'listActivityLogs',
  'getActivityLog',
  'listPaymentReceipts',
  'listBillingEntities',
  'getWebhookEndpoint',
  'createEvent',
  'getCurrentUsage',
  'previewInvoice',
];

const table: [string, Endpoint][] = Object.entries(endpoints);

describe('endpoints', () => {
  it('has exactly one entry per operation id', () => {
    expect(Object.keys(endpoints).sort()).toEqual([...operationIds].sort());
  });

  it("adds POST /invoices/preview, the reference's invoice preview, answered with an invoice", () => {
    expect(endpoints.previewInvoice).toMatchObject({
      method: 'POST',
      path: '/invoices/preview',
      pathParams: [],
      request: InvoicePreviewRequest,
      response: InvoiceResponse,
    });
  });

  it('adds POST /events and GET /customers/{external_customer_id}/current_usage', () => {
    expect(endpoints.createEvent).toMatchObject({ method: 'POST', path: '/events' });
    expect(endpoints.getCurrentUsage).toMatchObject({
      method: 'GET',
      path: '/customers/{external_customer_id}/current_usage',
      pathParams: ['external_customer_id'],
    });
  });

  it.each(table)('%s: method, path and path parameters agree', (_id, endpoint) => {
    expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(endpoint.method);
    expect(endpoint.path).toMatch(/^\/[a-z_/{}]+$/);
    const inPath = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
    expect(inPath).toEqual([...endpoint.pathParams]);
  });

  it.each(table)('%s: array query parameters use the key[] form', (_id, endpoint) => {
    for (const param of endpoint.query ?? []) {
      expect(param.array).toBe(param.name.endsWith('[]'));
      expect(param.name).toMatch(/^[a-z_]+(\[\])?$/);
    }
    const names = (endpoint.query ?? []).map((param) => param.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(table)('%s: request and response are codecs, no body on GET and DELETE', (_id, e) => {
    expect(e.response).toBeInstanceOf(t.Type);
    if (e.method === 'GET' || e.method === 'DELETE') expect(e.request).toBeUndefined();
    else expect(e.request).toBeInstanceOf(t.Type);
  });

  it('spells the query parameters of the specification', () => {
    const names = (id: keyof typeof endpoints) => {
      const entry: Endpoint = endpoints[id];
      return (entry.query ?? []).map((param) => param.name);
    };
    expect(names('listAppliedCoupons')).toContain('coupon_code[]');
    expect(names('listActivityLogs')).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'from_date',
        'to_date',
        'activity_types[]',
        'activity_sources[]',
        'user_emails[]',
        'external_customer_id',
        'external_subscription_id',
        'resource_ids[]',
        'resource_types[]',
      ]),
    );
    expect(endpoints.listActivityLogs.query.find((p) => p.name === 'activity_sources[]')).toEqual({
      name: 'activity_sources[]',
      type: 'string',
      array: true,
      required: false,
      values: ['api', 'front', 'system'],
    });
    expect(endpoints.getProjectedUsage.query).toEqual([
      { name: 'external_subscription_id', type: 'string', array: false, required: true },
      { name: 'apply_taxes', type: 'boolean', array: false, required: false },
    ]);
    expect(endpoints.updateSubscription.query[0]?.values).toEqual([
      'active',
      'pending',
      'incomplete',
    ]);
  });
});
