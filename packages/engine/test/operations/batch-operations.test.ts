/**
 * Issue 19 §3: the operations accept a columnar batch (`eventBatch`) wherever they take events,
 * and answer exactly as they do for the same events as objects: current and projected usage,
 * an estimate over a history, an invoice preview of one or two subscriptions (events of
 * others listed as unassigned), and a comparison of plans. Histories are generated: several
 * subscriptions (and none), both timestamp forms, other periods, repeated ids, bad values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBatch, type UsageEvent } from '../../src/aggregation/index';
import { comparePlans } from '../../src/operations/compare-plans/index';
import { currentUsage, estimateFees, projectedUsage } from '../../src/operations/index';
import { previewInvoice } from '../../src/operations/preview-invoice/index';
import {
  charge,
  customer,
  input,
  metric,
  ok,
  plan,
  subscription,
} from './preview-invoice/builders';

const calls = metric('api_calls', 'sum_agg', 'calls', {
  filters: [{ key: 'region', values: ['eu', 'us'] }],
});
const seats = metric('seats', 'unique_count_agg', 'user');
const billableMetrics = [calls, seats];

const starter = plan({
  code: 'starter',
  charges: [
    charge('api_calls', 'standard', { amount: '0.01', pricing_group_keys: ['region'] }),
    charge('seats', 'standard', { amount: '5' }),
  ],
});
const growth = plan({
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
const inAdvance = plan({
  code: 'advance',
  charges: [charge('api_calls', 'standard', { amount: '0.5' }, { pay_in_advance: true })],
});

const NOW = '2025-03-20T12:00:00Z';
const MARCH_START_S = Date.UTC(2025, 2, 1) / 1000;

/** A generated event: February to April, either timestamp form, a few ids, some bad values. */
const anEvent: fc.Arbitrary<UsageEvent> = fc
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

const history = fc.array(anEvent, { maxLength: 80 });

/** Both answers as JSON (a Left's message included), for an exact comparison. */
function same(objects: unknown, batch: unknown): void {
  expect(JSON.stringify(batch)).toBe(JSON.stringify(objects));
}

function* generated(events: readonly UsageEvent[]): Generator<UsageEvent> {
  for (const event of events) yield event;
}

function batchOf(events: readonly UsageEvent[]) {
  return ok(eventBatch(events));
}

describe('the operations price a batch as they price the same events as objects', () => {
  const context = { customer: customer(), subscription: subscription(), billableMetrics };

  it('current and projected usage', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(starter, growth, inAdvance), (events, priced) => {
        const batch = batchOf(events);
        const run = { ...context, plan: priced, now: NOW };
        same(currentUsage({ ...run, events }), currentUsage({ ...run, events: batch }));
        same(projectedUsage({ ...run, events }), projectedUsage({ ...run, events: batch }));
      }),
      { numRuns: 150 },
    );
  });

  it('an estimate over a stored history', () => {
    fc.assert(
      fc.property(history, (events) => {
        const event = { code: 'api_calls', properties: { calls: '2', region: 'eu' } };
        const run = { ...context, plan: inAdvance, now: NOW, event };
        same(estimateFees({ ...run, events }), estimateFees({ ...run, events: batchOf(events) }));
      }),
      { numRuns: 100 },
    );
  });

  it('an invoice preview of one subscription, and of two', () => {
    fc.assert(
      fc.property(history, (events) => {
        const one = input({ plan: starter, billableMetrics, now: NOW });
        same(
          previewInvoice({ ...one, events }),
          previewInvoice({ ...one, events: batchOf(events) }),
        );
        const two = input({
          subscriptions: [
            { subscription: subscription(), plan: starter },
            { subscription: subscription({ external_id: 'sub_2' }), plan: growth },
          ],
          billableMetrics,
          now: NOW,
        });
        same(
          previewInvoice({ ...two, events }),
          previewInvoice({ ...two, events: batchOf(events) }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('a comparison of plans', () => {
    fc.assert(
      fc.property(history, (events) => {
        const run = { ...context, plans: [starter, growth], now: NOW };
        const objects = comparePlans({ ...run, events });
        same(objects, comparePlans({ ...run, events: batchOf(events) }));
        // A generator is read once, into a batch that every plan's preview reads.
        same(objects, comparePlans({ ...run, events: generated(events) }));
      }),
      { numRuns: 60 },
    );
  });
});
