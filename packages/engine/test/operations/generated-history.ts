/**
 * The generated histories and plans of the differential tests of the operations: the same
 * events as objects, as a columnar batch, as an asynchronous stream must give the same answers.
 * Histories: several subscriptions (and none), both timestamp forms, other periods, repeated
 * ids, bad values.
 */
import fc from 'fast-check';
import type { UsageEvent } from '../../src/aggregation/index';
import { charge, input, metric, plan, subscription } from './preview-invoice/builders';

export const calls = metric('api_calls', 'sum_agg', 'calls', {
  filters: [{ key: 'region', values: ['eu', 'us'] }],
});
export const seats = metric('seats', 'unique_count_agg', 'user');
export const billableMetrics = [calls, seats];

export const starter = plan({
  code: 'starter',
  charges: [
    charge('api_calls', 'standard', { amount: '0.01', pricing_group_keys: ['region'] }),
    charge('seats', 'standard', { amount: '5' }),
  ],
});
export const growth = plan({
  code: 'growth',
  charges: [
    charge('api_calls', 'percentage', { rate: '1.5', fixed_amount: '0.01' }),
    charge('seats', 'graduated', {
      graduated_ranges: [
        { from_value: 0, to_value: 2, per_unit_amount: '0', flat_amount: '0' },
        { from_value: 3, to_value: null, per_unit_amount: '4', flat_amount: '0' },
      ],
    }),
  ],
});
export const inAdvance = plan({
  code: 'advance',
  charges: [charge('api_calls', 'standard', { amount: '0.5' }, { pay_in_advance: true })],
});

export const NOW = '2025-03-20T12:00:00Z';
const MARCH_START_S = Date.UTC(2025, 2, 1) / 1000;

/** A generated event: February to April, either timestamp form, a few ids, some bad values. */
export const anEvent: fc.Arbitrary<UsageEvent> = fc
  .record({
    id: fc.integer({ min: 0, max: 30 }),
    subscription: fc.constantFrom<string | undefined>(
      'sub_1',
      'sub_1',
      'sub_2',
      'sub_9',
      undefined,
    ),
    code: fc.constantFrom('api_calls', 'seats', 'storage'),
    day: fc.integer({ min: -20, max: 45 }),
    unix: fc.boolean(),
    value: fc.constantFrom<unknown>('3', '0.25', 7, 'abc', null, undefined),
    region: fc.constantFrom<string | undefined>('eu', 'us', 'asia', undefined),
    user: fc.constantFrom<string | undefined>('u1', 'u2', 'u3', 'u4', undefined),
    remove: fc.boolean(),
  })
  .map((g) => {
    const seconds = MARCH_START_S + g.day * 86_400 + 3_600;
    const properties: Record<string, unknown> = {};
    if (g.code === 'seats') {
      if (g.user !== undefined) properties.user = g.user;
      if (g.remove) properties.operation_type = 'remove';
    } else {
      if (g.value !== undefined) properties.calls = g.value;
      if (g.region !== undefined) properties.region = g.region;
    }
    const event: Record<string, unknown> = {
      transaction_id: `t${g.id}`,
      code: g.code,
      timestamp: g.unix ? seconds : new Date(seconds * 1000).toISOString(),
      properties,
    };
    if (g.subscription !== undefined) event.external_subscription_id = g.subscription;
    return event as unknown as UsageEvent;
  });

export const history = fc.array(anEvent, { maxLength: 80 });

/** An invoice preview's input of the one subscription `sub_1` on the starter plan (no events). */
export const oneSubscription = input({ plan: starter, billableMetrics, now: NOW });

/** An invoice preview's input of `sub_1` on starter and `sub_2` on growth (no events). */
export const twoSubscriptions = input({
  subscriptions: [
    { subscription: subscription(), plan: starter },
    { subscription: subscription({ external_id: 'sub_2' }), plan: growth },
  ],
  billableMetrics,
  now: NOW,
});
