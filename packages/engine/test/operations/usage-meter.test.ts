/**
 * `createUsageMeter` (@feecast/engine/internal): the amounts of current usage, read again and
 * again from the metrics' states. Its law: every reading gives `currentUsage`'s
 * `amount_cents`, `taxes_amount_cents`, `from_datetime` and each charge's `amount_cents` (in
 * `charges_usage`'s order), errors included, whatever the readings before it.
 */
import fc from 'fast-check';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import {
  type ChargesAccumulator,
  createChargesAccumulator,
  type UsageEvent,
} from '../../src/aggregation/index';
import {
  createUsageMeter,
  currentUsage,
  type UsageAmounts,
  usageAggregations,
} from '../../src/operations/index';
import { anyCharge, cloudMetric, stream } from './arbitraries';
import { charge, customer, event, metric, plan, rightOf, subscription, tax } from './builders';

/** A metric's accumulator in a test of readings from states, and its last state. */
interface Fed {
  readonly accumulator: ChargesAccumulator;
  count: number;
  state: unknown;
}

/** `currentUsage`'s answer as a meter gives it. */
function amountsOf(answer: ReturnType<typeof currentUsage>): unknown {
  if (isLeft(answer)) return answer;
  const usage = answer.right.customer_usage;
  const amounts: UsageAmounts = {
    from_datetime: usage.from_datetime,
    amount_cents: usage.amount_cents,
    taxes_amount_cents: usage.taxes_amount_cents,
    charges: usage.charges_usage.map((entry) => ({
      billable_metric_code: entry.billable_metric.code,
      amount_currency: entry.amount_currency,
      amount_cents: entry.amount_cents,
    })),
  };
  return right(amounts);
}

describe('createUsageMeter', () => {
  it('reads the amounts of currentUsage, reading after reading', () => {
    let priced = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('count_agg', 'sum_agg', 'unique_count_agg', 'max_agg').chain((type) => {
          const m = cloudMetric(type);
          return fc.tuple(fc.constant(m), anyCharge(m, false), anyCharge(m, false));
        }),
        stream(),
        fc.array(
          fc.record({
            take: fc.nat({ max: 8 }),
            now: fc.constantFrom(
              '2025-03-20T12:00:00Z',
              '2025-03-30T12:00:00Z',
              '2025-04-05T12:00:00Z',
              '2024-12-05T12:00:00Z',
            ),
            applyTaxes: fc.constantFrom(true, false, null),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        ([m, first, second], events, readings) => {
          const calls = metric('calls', 'count_agg');
          const context = {
            customer: customer('UTC'),
            subscription: subscription('2025-01-01T00:00:00Z'),
            plan: plan([
              first,
              { ...second, svc_id: 'b0000000-0000-4000-8000-000000000001' },
              charge(calls, 'standard', { amount: '0.35' }),
            ]),
            billableMetrics: [m, calls],
            taxes: { billing_entity: [tax('vat', 20)] },
          };
          const meter = rightOf(createUsageMeter(context));
          let given = 0;
          for (const reading of readings) {
            given = Math.min(events.length, given + reading.take);
            const read = { now: reading.now, applyTaxes: reading.applyTaxes };
            const stored = events.slice(0, given);
            const answer = meter.amounts({ ...read, events: stored });
            expect(answer).toEqual(
              amountsOf(currentUsage({ ...context, ...read, events: stored })),
            );
            if (answer._tag === 'Right') priced++;
          }
        },
      ),
    );
    expect(priced).toBeGreaterThan(50);
  });

  it('reads the amounts of currentUsage from states, only some of them changed between readings', () => {
    // The server's way (feecast billing/arrears-usage.ts): one accumulator per metric, fed the
    // new events only, its state read again only after an event of its metric; the meter
    // prices again only the metrics whose state changed and keeps the others' amounts.
    let priced = 0;
    let kept = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('count_agg', 'sum_agg', 'unique_count_agg', 'max_agg').chain((type) => {
          const m = cloudMetric(type);
          return fc.tuple(fc.constant(m), anyCharge(m, false), anyCharge(m, false));
        }),
        stream(),
        stream(false),
        fc.array(
          fc.record({
            take: fc.nat({ max: 6 }),
            of: fc.constantFrom('m', 'calls', 'both'),
            now: fc.constantFrom(
              '2025-03-20T12:00:00Z',
              '2025-03-20T18:00:00Z',
              '2025-03-30T12:00:00Z',
              '2025-04-05T12:00:00Z',
            ),
            applyTaxes: fc.constantFrom(true, false, null),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        ([m, first, second], own, others, readings) => {
          const calls = metric('calls', 'count_agg');
          const context = {
            customer: customer('UTC'),
            subscription: subscription('2025-01-01T00:00:00Z'),
            plan: plan([
              first,
              charge(calls, 'standard', { amount: '0.35' }),
              { ...second, svc_id: 'b0000000-0000-4000-8000-000000000001' },
            ]),
            billableMetrics: [m, calls],
            taxes: { billing_entity: [tax('vat', 20)] },
          };
          const callEvents = others.map((e, i) => ({
            ...e,
            code: 'calls',
            transaction_id: `c${i}`,
          }));
          const meter = rightOf(createUsageMeter(context));
          const taken = { m: 0, calls: 0 };
          let fed: { period: string; metrics: Map<string, Fed> } | undefined;
          for (const reading of readings) {
            if (reading.of !== 'calls') taken.m = Math.min(own.length, taken.m + reading.take);
            if (reading.of !== 'm') {
              taken.calls = Math.min(callEvents.length, taken.calls + reading.take);
            }
            const lists: Record<string, readonly UsageEvent[]> = {
              m: own.slice(0, taken.m),
              calls: callEvents.slice(0, taken.calls),
            };
            const read = { now: reading.now, applyTaxes: reading.applyTaxes };
            const described = usageAggregations({ ...context, now: reading.now });
            if (isLeft(described)) continue;
            if (fed?.period !== described.right.from_datetime) {
              fed = { period: described.right.from_datetime, metrics: new Map() };
              for (const entry of described.right.metrics) {
                // A metric priced from each event is given as its events (below).
                if (entry.needsEvents !== undefined) continue;
                const accumulator = rightOf(
                  createChargesAccumulator(entry.metric, entry.charges, entry.options),
                );
                fed.metrics.set(entry.code, { accumulator, count: 0, state: undefined });
              }
            }
            const aggregates: Record<string, unknown> = {};
            for (const [code, one] of fed.metrics) {
              const list = lists[code] ?? [];
              if (one.state === undefined || one.count < list.length) {
                for (; one.count < list.length; one.count++)
                  one.accumulator.add(list[one.count] as UsageEvent);
                one.state = one.accumulator.state();
              } else {
                kept++;
              }
              aggregates[code] = one.state;
            }
            const perEvent: UsageEvent[] = [];
            for (const entry of described.right.metrics) {
              if (entry.needsEvents === undefined) continue;
              for (const e of lists[entry.code] ?? []) perEvent.push(e);
            }
            const answer = meter.amounts({ ...read, aggregates, events: perEvent });
            const all = [...(lists.m ?? []), ...(lists.calls ?? [])];
            expect(answer).toEqual(amountsOf(currentUsage({ ...context, ...read, events: all })));
            if (answer._tag === 'Right') priced++;
          }
        },
      ),
    );
    expect(priced).toBeGreaterThan(50);
    expect(kept).toBeGreaterThan(50);
  });

  it('prices the states of the accumulators usageAggregations describes', () => {
    // 3 calls at 2.00 and 2 seats... at 10.00: 600 + 2,000 = 2,600 cents; VAT 20 %: 520.
    const calls = metric('calls', 'count_agg', { name: 'API calls' });
    const seats = metric('seats', 'unique_count_agg', { field_name: 'seat_id', name: 'Seats' });
    const context = {
      customer: customer('UTC'),
      subscription: subscription('2025-01-01T00:00:00Z'),
      plan: plan([
        charge(seats, 'standard', { amount: '10' }),
        charge(calls, 'standard', { amount: '2' }),
      ]),
      billableMetrics: [calls, seats],
      taxes: { billing_entity: [tax('vat', 20)] },
    };
    const now = '2025-03-20T12:00:00Z';
    const events = [
      event('calls', '2025-03-02T10:00:00Z'),
      event('calls', '2025-03-03T10:00:00Z'),
      event('calls', '2025-03-04T10:00:00Z'),
      event('seats', '2025-03-04T10:00:00Z', { seat_id: 'a' }),
      event('seats', '2025-03-05T10:00:00Z', { seat_id: 'b' }),
      event('seats', '2025-03-06T10:00:00Z', { seat_id: 'a' }),
    ];
    const described = rightOf(usageAggregations({ ...context, now }));
    const aggregates: Record<string, unknown> = {};
    for (const entry of described.metrics) {
      const accumulator = rightOf(
        createChargesAccumulator(entry.metric, entry.charges, entry.options),
      );
      for (const e of events) if (e.code === entry.code) accumulator.add(e);
      aggregates[entry.code] = accumulator.state();
    }
    const meter = rightOf(createUsageMeter(context));
    expect(rightOf(meter.amounts({ now, aggregates }))).toEqual({
      from_datetime: '2025-03-01T00:00:00Z',
      amount_cents: 2600,
      taxes_amount_cents: 520,
      // By metric name: API calls, then Seats.
      charges: [
        { billable_metric_code: 'calls', amount_currency: 'EUR', amount_cents: 600 },
        { billable_metric_code: 'seats', amount_currency: 'EUR', amount_cents: 2000 },
      ],
    });
    expect(rightOf(meter.amounts({ now, aggregates, applyTaxes: false })).taxes_amount_cents).toBe(
      0,
    );
  });

  it('answers no_active_subscription before the subscription starts', () => {
    const calls = metric('calls', 'count_agg');
    const meter = rightOf(
      createUsageMeter({
        customer: customer('UTC'),
        subscription: subscription('2025-03-10T00:00:00Z'),
        plan: plan([charge(calls, 'standard', { amount: '2' })]),
        billableMetrics: [calls],
      }),
    );
    const answer = meter.amounts({ now: '2025-03-05T00:00:00Z' });
    expect(isLeft(answer) && answer.left.code).toBe('no_active_subscription');
  });
});
