/**
 * `estimateFeesOf`: the fees of a set of hypothetical events in one call. Its law: it equals
 * estimating the events one by one in order, each at its own time, with the earlier ones added
 * to the stored events; its figures are checked by hand on the reference's examples.
 */
import fc from 'fast-check';
import { isLeft } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import {
  createEstimator,
  type EstimatedEvent,
  estimateFees,
  estimateFeesOf,
  type OperationEvent,
} from '../../src/operations/index';
import { anyCharge, cloudMetric, stream } from './arbitraries';
import {
  charge,
  customer,
  event,
  leftOf,
  metric,
  plan,
  rightOf,
  subscription,
  tax,
} from './builders';

const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'] as const;

/** 2025-03-01T00:00:00Z in milliseconds; new events fall in March and April. */
const MARCH = Date.UTC(2025, 2, 1);
const DAY = 86_400_000;

/** A new event as it is stored once sent: the history the next estimates of the sequence see. */
function asStored(sent: EstimatedEvent, i: number, timestamp: string): OperationEvent {
  return {
    transaction_id: `new_${i}`,
    external_subscription_id: 'sub_1',
    code: sent.code,
    timestamp,
    properties: sent.properties ?? {},
    ...(sent.precise_total_amount_cents === undefined || sent.precise_total_amount_cents === null
      ? {}
      : { precise_total_amount_cents: sent.precise_total_amount_cents }),
  } as OperationEvent;
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('estimateFeesOf', () => {
  it('equals estimating the events one by one in order, each seeing the earlier ones as history', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc
          .tuple(fc.constantFrom('count_agg', 'sum_agg', 'unique_count_agg'), fc.boolean())
          .chain(([type, recurring]) => {
            // A recurring sum or unique count carries March's events (new ones included) into April.
            const m = { ...cloudMetric(type), recurring: recurring && type !== 'count_agg' };
            return fc.tuple(fc.constant(m), anyCharge(m, true));
          }),
        fc.constantFrom(...ZONES),
        stream(),
        fc.array(
          fc.record({
            // Up to 60 days from 1 March: across the March and April periods.
            offset: fc.integer({ min: 0, max: 60 * DAY }),
            value: fc.constantFrom('3', '0.5', '-2', '12', undefined),
            cloud: fc.constantFrom('aws', 'gcp', undefined),
            region: fc.constantFrom('eu', 'us'),
            cents: fc.constantFrom('0', '150', '2.5'),
            id: fc.constantFrom(undefined, 'tx0', 'mine'),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        ([m, c], zone, history, drafts) => {
          const context = {
            customer: customer(zone),
            subscription: subscription('2025-03-01T00:00:00Z'),
            plan: plan([{ ...c, pay_in_advance: true }]),
            billableMetrics: [m],
            taxes: { billing_entity: [tax('vat', 20)] },
          };
          const sorted = [...drafts].sort((a, b) => a.offset - b.offset);
          const newEvents: EstimatedEvent[] = sorted.map((draft) => ({
            code: 'm',
            external_subscription_id: 'sub_1',
            timestamp: iso(MARCH + draft.offset),
            properties: {
              region: draft.region,
              ...(draft.value === undefined ? {} : { value: draft.value }),
              ...(draft.cloud === undefined ? {} : { cloud: draft.cloud }),
            },
            precise_total_amount_cents: draft.cents,
            ...(draft.id === undefined ? {} : { transaction_id: draft.id }),
          }));
          const set = estimateFeesOf({ ...context, newEvents, events: history });
          const stored: OperationEvent[] = [...history];
          const one = newEvents.map((sent, i) => {
            const now = String(sent.timestamp);
            const answer = estimateFees({ ...context, event: sent, events: [...stored], now });
            stored.push(asStored(sent, i, now));
            return answer;
          });
          const failed = one.find((answer) => isLeft(answer));
          if (failed === undefined) {
            const got = rightOf(set);
            expect(got.estimates).toEqual(one.map((answer) => rightOf(answer)));
            let cents = 0;
            for (const estimate of got.estimates) {
              for (const fee of estimate.fees) cents += fee.total_amount_cents;
            }
            expect(got.total.total_amount_cents).toBe(cents);
            compared++;
          } else {
            const codes = one.flatMap((answer) => (isLeft(answer) ? [answer.left.code] : []));
            expect(codes).toContain(leftOf(set).code);
          }
        },
      ),
    );
    // Mostly sets that price (a negative sum or a bad unique-count value fails some).
    expect(compared).toBeGreaterThan(20);
  });

  it('prices a standard count charge event by event, with its taxes, and sums them', () => {
    // estimate-and-usage.md §2.13.A: count, standard at 10, EUR: each event 10.00 -> 1000
    // cents; a 20% billing-entity tax -> 200; total 1200 each. Two events: 2000 + 400 = 2400.
    const calls = metric('api_calls', 'count_agg');
    const got = rightOf(
      estimateFeesOf({
        customer: customer(),
        subscription: subscription('2025-09-01T00:00:00Z'),
        plan: plan([charge(calls, 'standard', { amount: '10' }, { pay_in_advance: true })]),
        billableMetrics: [calls],
        taxes: { billing_entity: [tax('vat', 20)] },
        newEvents: [
          { code: 'api_calls', timestamp: '2025-09-02T10:00:00Z' },
          { code: 'api_calls', transaction_id: 'second' },
        ],
        now: '2025-09-03T10:00:00Z',
      }),
    );
    expect(got.estimates.map((e) => e.fees.map((f) => f.amount_cents))).toEqual([[1000], [1000]]);
    expect(got.estimates[1]?.fees[0]?.event_transaction_id).toBe('second');
    expect(got.estimates[1]?.fees[0]?.from_date).toBe('2025-09-01T00:00:00Z');
    expect(got.total).toEqual({
      amount_cents: 2000,
      taxes_amount_cents: 400,
      total_amount_cents: 2400,
      currency: 'EUR',
      fees_count: 2,
    });
  });

  it('each event sees the earlier ones: a sum high-water mark absorbs, then is passed', () => {
    // §2.13.D: stored +10 then -5 (running total C = 5, high-water mark M = 10), standard 10.
    // New +2: C' = 7 <= M -> P = 0 -> 0 cents, units "2". New +8 after it: C' = 15 > M = 10 ->
    // P = 15 - 10 = 5 -> 5 x 10 = 50.00 -> 5000 cents. (Alone, +8 would give 13 - 10 = 3 ->
    // 3000: the set prices it after the +2.)
    const seats = metric('seats', 'sum_agg');
    const context = {
      customer: customer(),
      subscription: subscription('2025-09-01T00:00:00Z'),
      plan: plan([charge(seats, 'standard', { amount: '10' }, { pay_in_advance: true })]),
      billableMetrics: [seats],
    };
    const events = [
      event('seats', '2025-09-02T00:00:00Z', { value: '10' }),
      event('seats', '2025-09-03T00:00:00Z', { value: '-5' }),
    ];
    const got = rightOf(
      estimateFeesOf({
        ...context,
        events,
        newEvents: [
          { code: 'seats', timestamp: '2025-09-04T00:00:00Z', properties: { value: '2' } },
          { code: 'seats', timestamp: '2025-09-05T00:00:00Z', properties: { value: '8' } },
        ],
      }),
    );
    expect(got.estimates.map((e) => [e.fees[0]?.amount_cents, e.fees[0]?.units])).toEqual([
      [0, '2'],
      [5000, '5'],
    ]);
    const alone = rightOf(
      estimateFees({
        ...context,
        events,
        event: { code: 'seats', properties: { value: '8' } },
        now: '2025-09-05T00:00:00Z',
      }),
    );
    expect(alone.fees[0]?.amount_cents).toBe(3000);
  });

  it('refuses events out of time order, and names the failing event', () => {
    const calls = metric('api_calls', 'count_agg');
    const context = {
      customer: customer(),
      subscription: subscription('2025-09-01T00:00:00Z'),
      plan: plan([charge(calls, 'standard', { amount: '10' }, { pay_in_advance: true })]),
      billableMetrics: [calls],
    };
    const late = leftOf(
      estimateFeesOf({
        ...context,
        newEvents: [
          { code: 'api_calls', timestamp: '2025-09-03T00:00:00Z' },
          { code: 'api_calls', timestamp: '2025-09-02T00:00:00Z' },
        ],
      }),
    );
    expect(late.code).toBe('events_out_of_order');
    expect(late.path).toEqual(['newEvents', '1', 'timestamp']);
    const unknown = leftOf(
      estimateFeesOf({
        ...context,
        newEvents: [
          { code: 'api_calls', timestamp: '2025-09-02T00:00:00Z' },
          { code: 'storage', timestamp: '2025-09-03T00:00:00Z' },
        ],
      }),
    );
    expect(unknown).toMatchObject({
      code: 'unknown_billable_metric',
      path: ['newEvents', '1', 'code'],
    });
    const timeless = leftOf(estimateFeesOf({ ...context, newEvents: [{ code: 'api_calls' }] }));
    expect(timeless).toMatchObject({
      code: 'invalid_input',
      path: ['newEvents', '0', 'timestamp'],
    });
    const badTime = leftOf(
      estimateFeesOf({ ...context, newEvents: [{ code: 'api_calls', timestamp: 'soon' }] }),
    );
    expect(badTime).toMatchObject({
      code: 'invalid_timestamp',
      path: ['newEvents', '0', 'timestamp'],
    });
    const notList = leftOf(estimateFeesOf({ ...context, newEvents: 'x' as unknown as [] }));
    expect(notList).toMatchObject({ code: 'invalid_input', path: ['newEvents'] });
    // No new event: nothing to pay.
    expect(rightOf(estimateFeesOf({ ...context, newEvents: [] })).total.total_amount_cents).toBe(0);
  });

  it('reads stored events given asynchronously once, with the same answer as an array', async () => {
    const seats = metric('seats', 'sum_agg');
    const context = {
      customer: customer(),
      subscription: subscription('2025-09-01T00:00:00Z'),
      plan: plan([charge(seats, 'standard', { amount: '10' }, { pay_in_advance: true })]),
      billableMetrics: [seats],
      newEvents: [
        { code: 'seats', timestamp: '2025-09-04T00:00:00Z', properties: { value: '2' } },
        { code: 'seats', timestamp: '2025-10-02T00:00:00Z', properties: { value: '8' } },
      ],
    };
    const stored = [
      event('seats', '2025-09-02T00:00:00Z', { value: '10' }),
      event('seats', '2025-10-01T00:00:00Z', { value: '3' }),
    ];
    let reads = 0;
    async function* arriving(): AsyncGenerator<UsageEvent> {
      reads++;
      for (const e of stored) yield e;
    }
    const streamed = await estimateFeesOf({ ...context, events: arriving() });
    expect(reads).toBe(1);
    expect(streamed).toEqual(estimateFeesOf({ ...context, events: stored }));
    // October is a new period of a non-recurring sum: its running total starts from the
    // stored 3 of 1 October (C = M = 3); +8 -> C' = 11 > 3 -> P = 11 - 3 = 8 -> 8000 cents.
    expect(rightOf(streamed).estimates[1]?.fees[0]?.amount_cents).toBe(8000);
    // A prepared estimator answers the same.
    const { newEvents, ...prepared } = context;
    const estimator = rightOf(createEstimator(prepared));
    expect(estimator.estimateFeesOf({ newEvents, events: stored })).toEqual(
      estimateFeesOf({ ...context, events: stored }),
    );
  });
});
