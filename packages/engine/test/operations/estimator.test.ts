/**
 * `createEstimator`: a prepared `estimateFees`. Its one law is that it answers exactly what
 * `estimateFees` answers for the same context and request, errors included, whatever the
 * order of the instants it is asked at (its period is reused within a local day).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEstimator, estimateFees } from '../../src/operations/index';
import { meteredCharge, stream } from './arbitraries';
import {
  charge,
  customer,
  estimated,
  leftOf,
  metric,
  plan,
  rightOf,
  subscription,
  tax,
} from './builders';

const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/Paris'] as const;

/** Instants from mid-February to mid-May 2025 (before, across and after March's periods). */
const instant = fc
  .integer({ min: Date.UTC(2025, 1, 15), max: Date.UTC(2025, 4, 15) })
  .map((ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z'));

describe('createEstimator', () => {
  it('a prepared estimator answers exactly what estimateFees answers, at any instants', () => {
    let priced = 0;
    fc.assert(
      fc.property(
        meteredCharge(['count_agg', 'sum_agg', 'unique_count_agg'], true),
        fc.constantFrom(...ZONES),
        fc.option(instant, { nil: null }),
        stream(),
        fc.array(
          fc.record({
            now: fc.oneof(instant, fc.constantFrom('2025-03-31T23:59:59Z', 'not a time')),
            history: fc.nat(),
            code: fc.constantFrom('m', 'm', 'm', 'other'),
            cloud: fc.constantFrom('aws', 'gcp', 'azure'),
            value: fc.constantFrom('3', '0.5', 'abc', undefined),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        ([m, c], zone, terminatedAt, events, requests) => {
          const context = {
            customer: customer(zone),
            subscription: subscription('2025-03-01T00:00:00Z', { terminated_at: terminatedAt }),
            plan: plan([{ ...c, pay_in_advance: true }]),
            billableMetrics: [m],
            taxes: { billing_entity: [tax('vat', 20)] },
          };
          const estimator = rightOf(createEstimator(context));
          for (const request of requests) {
            const asked = {
              now: request.now,
              events: events.slice(0, request.history % (events.length + 1)),
              event: estimated(request.code, { cloud: request.cloud, value: request.value }),
            };
            const answer = estimator.estimateFees(asked);
            expect(answer).toEqual(estimateFees({ ...context, ...asked }));
            if (answer._tag === 'Right') priced++;
          }
        },
      ),
    );
    // Not only errors: requests are priced too (about 65 of some 450 per run, never near 10).
    expect(priced).toBeGreaterThan(10);
  });

  it('an event with no event of its metric before it is priced as the aggregation pass prices it', () => {
    // The estimator prices such an event straight from the event (firstEventFee); with an
    // event of the metric from December in the history, the pass runs and leaves that event out
    // of every period asked (the metrics are not recurring): both answers must be equal, errors
    // included.
    const december = {
      transaction_id: 'december',
      external_subscription_id: 'sub_1',
      code: 'm',
      timestamp: '2024-12-15T00:00:00Z',
      properties: { value: '5', cloud: 'aws' },
    };
    let priced = 0;
    fc.assert(
      fc.property(
        meteredCharge(['count_agg', 'sum_agg'], true),
        fc.constantFrom(...ZONES),
        fc.array(
          fc.record({
            now: instant,
            value: fc.constantFrom<unknown>(
              '3',
              '0.5',
              '12.250',
              '-2',
              '-0',
              '0',
              '1e2',
              7,
              -1.5,
              0,
              '',
              'abc',
              null,
              undefined,
            ),
            cloud: fc.constantFrom('aws', 'gcp', 'azure', undefined),
            region: fc.constantFrom('eu', 'us', '', undefined),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        ([m, c], zone, requests) => {
          const estimator = rightOf(
            createEstimator({
              customer: customer(zone),
              subscription: subscription('2025-01-01T00:00:00Z'),
              plan: plan([{ ...c, pay_in_advance: true }]),
              billableMetrics: [m],
              taxes: { billing_entity: [tax('vat', 20)] },
            }),
          );
          for (const { now, ...properties } of requests) {
            const event = estimated('m', properties);
            const first = estimator.estimateFees({ event, now });
            expect(first).toEqual(estimator.estimateFees({ event, now, events: [december] }));
            if (first._tag === 'Right') priced++;
          }
        },
      ),
    );
    // Errors are compared too, but most requests are priced (about 2 in 3).
    expect(priced).toBeGreaterThan(100);
  });

  it('prices each event in the period of its own now (March, then April, then March)', () => {
    const calls = metric('calls', 'count_agg');
    const estimator = rightOf(
      createEstimator({
        customer: customer('Europe/Paris'),
        subscription: subscription(),
        plan: plan([charge(calls, 'standard', { amount: '10' }, { pay_in_advance: true })]),
        billableMetrics: [calls],
        taxes: { billing_entity: [tax('vat', 20)] },
      }),
    );
    const at = (now: string) => {
      const [fee] = rightOf(estimator.estimateFees({ event: estimated('calls'), now })).fees;
      return [fee?.from_date, fee?.to_date, fee?.amount_cents, fee?.taxes_amount_cents];
    };
    // 10.00 EUR a call, VAT 20 % = 2.00 EUR; Paris is UTC+1 in March, UTC+2 from 30 March.
    expect(at('2025-03-31T21:00:00Z')).toEqual([
      '2025-02-28T23:00:00Z',
      '2025-03-31T21:59:59Z',
      1000,
      200,
    ]);
    // 22:30 UTC on 31 March is 00:30 on 1 April in Paris: the next period.
    expect(at('2025-03-31T22:30:00Z')).toEqual([
      '2025-03-31T22:00:00Z',
      '2025-04-30T21:59:59Z',
      1000,
      200,
    ]);
    expect(at('2025-03-15T12:00:00Z')?.[0]).toBe('2025-02-28T23:00:00Z');
  });

  it('refuses a context estimateFees refuses, with the same error', () => {
    const context = {
      customer: customer(),
      subscription: subscription(),
      plan: { ...plan([]), charges: 'none' as never },
      billableMetrics: [],
    };
    const error = leftOf(createEstimator(context));
    expect(error.path).toEqual(['plan', 'charges']);
    expect(
      leftOf(estimateFees({ ...context, event: estimated('calls'), now: '2025-03-02T00:00:00Z' })),
    ).toEqual(error);
  });
});
