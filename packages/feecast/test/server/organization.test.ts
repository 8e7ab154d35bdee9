// Activity logs (list with every filter, one), portal URL, billing entities, webhook endpoint.
import type { ActivityLog } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { objectChanges } from '../../src/server/state/activity';
import {
  example,
  expectError,
  expectSuccess,
  NOW,
  serverPerTest,
  type TestServer,
} from './builders';

const WALLET = '/api/v1/wallets/66a81770-c736-48e0-9785-c276e2366448';

const start = serverPerTest();

async function logs(server: TestServer, query: string): Promise<ActivityLog[]> {
  const answer = await server.call('GET', `/api/v1/activity_logs${query}`);
  return expectSuccess(answer, 'listActivityLogs').activity_logs;
}

describe('activity logs', () => {
  it('records a change as <resource>.<action>, source api, the object and its changes [before, after]', async () => {
    const t = await start();
    await t.call('PUT', WALLET, { wallet: { name: 'Logged', priority: 7 } });
    const [log] = await logs(t, '?activity_types[]=wallet.updated');
    expect(log).toMatchObject({
      activity_type: 'wallet.updated',
      activity_source: 'api',
      resource_type: 'Wallet',
      resource_id: '66a81770-c736-48e0-9785-c276e2366448',
      external_customer_id: 'hooli_1234',
      user_email: null,
      logged_at: NOW,
      created_at: NOW,
      organization_id: example().organization_id,
      activity_object_changes: { name: ['Prepaid credits (renamed)', 'Logged'], priority: [50, 7] },
    });
    expect((log?.activity_object as { name: string } | undefined)?.name).toBe('Logged');
    const one = await t.call('GET', `/api/v1/activity_logs/${log?.activity_id}`);
    expect(expectSuccess(one, 'getActivityLog').activity_log).toEqual(log);
  });

  it('objectChanges lists the fields that differ, a missing side reading null', () => {
    expect(objectChanges({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual({
      b: [[1], [2]],
      c: ['x', null],
      d: [null, true],
    });
    expect(objectChanges(null, { a: 1 })).toEqual({ a: [null, 1] });
  });

  it.each([
    ['', 3],
    ['?activity_types[]=wallet.updated', 1],
    ['?activity_types[]=wallet.updated&activity_types[]=subscription.updated', 2],
    ['?activity_sources[]=front', 1],
    ['?activity_sources[]=api', 2],
    ['?user_emails[]=dinesh@piedpiper.test', 2],
    ['?external_customer_id=hooli_1234', 2],
    ['?external_subscription_id=sub_1234567890', 1],
    ['?resource_ids[]=66a81770-c736-48e0-9785-c276e2366448', 1],
    ['?resource_types[]=BillableMetric', 1],
    // The example's logs are of 2025-03-30 and 2025-03-31; the wallet update is of 2025-03-15.
    ['?from_date=2025-03-31', 1],
    ['?to_date=2025-03-30', 2],
    ['?to_date=2025-03-14', 0],
    ['?from_date=2025-01-01&to_date=2025-12-31&resource_types[]=Wallet', 1],
  ])('filters %s', async (query, count) => {
    const t = await start();
    await t.call('PUT', WALLET, { wallet: { name: 'Logged' } });
    expect(await logs(t, query)).toHaveLength(count);
  });

  it('lists newest first; 422 for a bad date, uuid or source; 404 activity_log_not_found', async () => {
    const t = await start();
    await t.call('PUT', WALLET, { wallet: { name: 'Logged' } });
    const all = await logs(t, '');
    expect(all.map((l) => l.logged_at)).toEqual(
      [...all.map((l) => l.logged_at)].sort((a, b) => Date.parse(b) - Date.parse(a)),
    );
    expectError(
      await t.call('GET', '/api/v1/activity_logs?from_date=15-03-2025'),
      422,
      'validation_errors',
    );
    expectError(
      await t.call('GET', '/api/v1/activity_logs?resource_ids[]=nope'),
      422,
      'validation_errors',
    );
    expectError(
      await t.call('GET', '/api/v1/activity_logs?activity_sources[]=robot'),
      422,
      'validation_errors',
    );
    expectError(await t.call('GET', '/api/v1/activity_logs/nope'), 404, 'activity_log_not_found');
  });
});

describe('portal URL, billing entities, webhook endpoint', () => {
  it('GET /customers/{id}/portal_url answers a link on this server', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/customers/hooli_1234/portal_url');
    const url = expectSuccess(answer, 'getPortalUrl').customer.portal_url;
    expect(url.startsWith(`${t.url}/customer_portal/`)).toBe(true);
    expectError(
      await t.call('GET', '/api/v1/customers/nobody/portal_url'),
      404,
      'customer_not_found',
    );
  });

  it('GET /billing_entities answers every entity and no meta', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/billing_entities');
    const body = expectSuccess(answer, 'listBillingEntities');
    expect(Object.keys(body)).toEqual(['billing_entities']);
    expect(body.billing_entities).toHaveLength(2);
  });

  it('GET /webhook_endpoints/{svc_id} answers the endpoint, or 404 webhook_endpoint_not_found', async () => {
    const t = await start();
    const answer = await t.call(
      'GET',
      '/api/v1/webhook_endpoints/af668e56-47e6-4b60-a398-d8160ce92db4',
    );
    expectSuccess(answer, 'getWebhookEndpoint');
    expectError(
      await t.call('GET', '/api/v1/webhook_endpoints/nope'),
      404,
      'webhook_endpoint_not_found',
    );
  });
});
