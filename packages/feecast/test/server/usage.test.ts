// POST /events/estimate_fees, GET current_usage and projected_usage (the seam to the
// engine's operations), and POST /events.
import type { OperationEvent } from '@feecast/engine';
import type {
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  EstimateFeesResponse,
  UsageEventRecord,
} from '@feecast/models';
import { right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import {
  defaultOperations,
  type EstimateFeesInput,
  type UsageInput,
} from '../../src/server/routes/operations';
import {
  example,
  exampleWith,
  expectError,
  expectSuccess,
  expectValidationErrors,
  fixture,
  NOW,
  serverPerTest,
} from './builders';

const ACTIVE_ID = '6f08f2a0-c80d-40ca-894b-633338bb79fe';

const start = serverPerTest();

describe('POST /events/estimate_fees', () => {
  it('hands the operation the started subscription, its customer, plan, the events of its metric and taxes', async () => {
    let seen: EstimateFeesInput | undefined;
    const body = fixture('response.estimate_fees.json') as unknown as EstimateFeesResponse;
    const t = await start({
      operations: {
        ...defaultOperations,
        estimateFees: (input) => {
          seen = input;
          return right(body);
        },
      },
    });
    const answer = await t.call(
      'POST',
      '/api/v1/events/estimate_fees',
      fixture('request.estimate_fees.json'),
    );
    expect(expectSuccess(answer, 'estimateFees')).toEqual(body);
    expect([
      seen?.subscription.svc_id,
      seen?.customer.external_id,
      seen?.plan.code,
      seen?.now,
    ]).toEqual([ACTIVE_ID, 'hooli_1234', 'startup', NOW]);
    // The estimate is of `seats`: of the five stored events, tx_0003 is the one of that metric.
    expect([...(seen?.events ?? [])].map((e) => e.transaction_id)).toEqual(['tx_0003']);
    expect(seen?.taxes?.billing_entity?.map((x) => x.code)).toEqual(['french_standard_vat']);
    expect(seen?.event.properties).toEqual({ region: 'Europe', user_id: 'usr_42' });
  });

  it('estimate-and-usage §2.2–2.3: 404 subscription_not_found (unknown, or only pending), 404 billable_metric_not_found', async () => {
    const onlyPending = await start({
      state: exampleWith({
        subscriptions: example().subscriptions.filter((s) => s.status === 'pending'),
      }),
    });
    expectError(
      await onlyPending.call(
        'POST',
        '/api/v1/events/estimate_fees',
        fixture('request.estimate_fees.json'),
      ),
      404,
      'subscription_not_found',
    );
    const t = await start();
    expectError(
      await t.call('POST', '/api/v1/events/estimate_fees', {
        event: { external_subscription_id: 'nope', code: 'seats' },
      }),
      404,
      'subscription_not_found',
    );
    expectError(
      await t.call('POST', '/api/v1/events/estimate_fees', {
        event: { external_subscription_id: 'sub_1234567890', code: 'nope' },
      }),
      404,
      'billable_metric_not_found',
    );
    expectError(await t.call('POST', '/api/v1/events/estimate_fees', {}), 400);
  });

  it.each([
    ['missing', { code: 'seats' }],
    ['null', { code: 'seats', external_subscription_id: null, properties: { seat_id: 'b' } }],
    ['empty', { code: 'seats', external_subscription_id: '' }],
    ['spaces', { code: 'seats', external_subscription_id: '  ' }],
    ['null, before any other field is checked', { code: 5, external_subscription_id: null }],
  ])(
    'estimate-and-usage §2.2 step 1: a blank external_subscription_id (%s) is 404 subscription_not_found',
    async (_what, event) => {
      const t = await start();
      expectError(
        await t.call('POST', '/api/v1/events/estimate_fees', { event }),
        404,
        'subscription_not_found',
      );
    },
  );

  it('a subscription id that is not a string is a 422 naming it', async () => {
    const t = await start();
    expectValidationErrors(
      await t.call('POST', '/api/v1/events/estimate_fees', {
        event: { code: 'seats', external_subscription_id: 5 },
      }),
      { external_subscription_id: ['value_is_invalid'] },
    );
  });
});

describe('GET current_usage and projected_usage', () => {
  const query = '?external_subscription_id=sub_1234567890';

  it.each(['current_usage', 'projected_usage'])(
    '%s: 404 customer_not_found, 405 no_active_subscription, 400 without the subscription, 422 for apply_taxes',
    async (what) => {
      const t = await start();
      expectError(
        await t.call('GET', `/api/v1/customers/nobody/${what}${query}`),
        404,
        'customer_not_found',
      );
      expectError(
        await t.call('GET', `/api/v1/customers/hooli_1234/${what}?external_subscription_id=nope`),
        405,
        'no_active_subscription',
      );
      const missing = await t.call('GET', `/api/v1/customers/hooli_1234/${what}`);
      expectError(missing, 400);
      expect((missing.body as { error: string }).error).toBe(
        'BadRequest: param is missing or the value is empty or invalid: external_subscription_id',
      );
      expectError(
        await t.call('GET', `/api/v1/customers/hooli_1234/${what}${query}&apply_taxes=yes`),
        422,
        'validation_errors',
      );
    },
  );

  it('405 no_active_subscription for a pending subscription alone', async () => {
    const t = await start({
      state: exampleWith({
        subscriptions: example().subscriptions.filter((s) => s.status === 'pending'),
      }),
    });
    expectError(
      await t.call('GET', `/api/v1/customers/hooli_1234/current_usage${query}`),
      405,
      'no_active_subscription',
    );
  });

  it('hands the operations the active subscription and apply_taxes (default true), and answers their bodies', async () => {
    const seen: UsageInput[] = [];
    const projected = fixture(
      'response.customer_projected_usage.json',
    ) as unknown as CustomerProjectedUsageResponse;
    const current = {
      customer_usage: { ...(projected.customer_projected_usage as object), charges_usage: [] },
    } as unknown as CustomerUsageResponse;
    const t = await start({
      operations: {
        ...defaultOperations,
        currentUsage: (input) => {
          seen.push(input);
          return right(current);
        },
        projectedUsage: (input) => {
          seen.push(input);
          return right(projected);
        },
      },
    });
    // The usage its events' thresholds and wallet read, priced as the server started
    // (billing/warm-usage.ts), goes through the engine's usage meter, not these operations.
    expect(seen).toEqual([]);
    const a = await t.call('GET', `/api/v1/customers/hooli_1234/current_usage${query}`);
    expectSuccess(a, 'getCurrentUsage');
    const b = await t.call(
      'GET',
      `/api/v1/customers/hooli_1234/projected_usage${query}&apply_taxes=false`,
    );
    expect(expectSuccess(b, 'getProjectedUsage')).toEqual(projected);
    expect(seen.map((s) => [s.subscription.svc_id, s.applyTaxes])).toEqual([
      [ACTIVE_ID, true],
      [ACTIVE_ID, false],
    ]);
  });
});

describe('POST /events', () => {
  it('stores the event with its subscription and customer ids; the pricing operations see it', async () => {
    let seen: readonly OperationEvent[] = [];
    const t = await start({
      operations: {
        ...defaultOperations,
        estimateFees: (input) => {
          seen = [...(input.events ?? [])];
          return right({ fees: [] } as unknown as EstimateFeesResponse);
        },
      },
    });
    const answer = await t.call('POST', '/api/v1/events', {
      event: {
        transaction_id: 'tx_new',
        code: 'seats',
        external_subscription_id: 'sub_1234567890',
        properties: { seat_id: 'carol', region: 'Europe' },
      },
    });
    const event = expectSuccess(answer, 'createEvent').event;
    expect([
      event.svc_subscription_id,
      event.svc_customer_id,
      event.timestamp,
      event.created_at,
    ]).toEqual([ACTIVE_ID, 'ea0405e2-c552-49f8-b8b7-572e437a6e8d', NOW, NOW]);
    await t.call('POST', '/api/v1/events/estimate_fees', fixture('request.estimate_fees.json'));
    expect(seen.map((e) => e.transaction_id)).toContain('tx_new');
  });

  it('deduplicates by transaction_id per subscription: 422 value_already_exist, nothing stored', async () => {
    const t = await start();
    const event = {
      transaction_id: 'tx_0001',
      code: 'requests',
      external_subscription_id: 'sub_1234567890',
    };
    const answer = await t.call('POST', '/api/v1/events', { event });
    expectValidationErrors(answer, {
      transaction_id: ['value_already_exist'],
    });
    const other = await t.call('POST', '/api/v1/events', {
      event: { ...event, external_subscription_id: 'sub_other' },
    });
    expect(other.status).toBe(200);
    expect((other.body as { event: UsageEventRecord }).event.svc_subscription_id).toBeNull();
  });

  it('answers 422 for an event without transaction_id or with a bad timestamp', async () => {
    const t = await start();
    expectError(
      await t.call('POST', '/api/v1/events', { event: { code: 'cpu' } }),
      422,
      'validation_errors',
    );
    expectError(
      await t.call('POST', '/api/v1/events', {
        event: { transaction_id: 'x', code: 'cpu', timestamp: 'yesterday' },
      }),
      422,
      'validation_errors',
    );
  });
});
