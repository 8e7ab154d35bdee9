// Issue 23 §2: current and projected usage priced from the accumulators the server keeps per
// subscription (and kept as answers until something they read changes), and estimates priced
// from the tallies of its estimator, equal pricing every stored event from scratch, after any
// sequence of stored events, metric updates, plan overrides and clocks (a period roll-over, two
// readings in one quarter of an hour).
import { currentUsage, estimateFees, projectedUsage } from '@feecast/engine';
import type { Timestamp } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import { findCustomer, operationTaxes, planOf } from '../../src/server/state/lookup';
import type { ServerState } from '../../src/server/state/state';
import { apiRequest, example, fixture } from './builders';

const SUB = 'sub_1234567890';
const CUSTOMER = 'hooli_1234';
/** The startup plan's cpu charge (graduated). */
const CPU_CHARGE = '1a3fad34-9976-4b06-9dd6-42b371cc2459';

/** What can happen to the server between two reads. */
type Step =
  | { kind: 'event'; code: string; day: number; value: number; seat: number; region: string }
  | { kind: 'metric' }
  | { kind: 'override'; price: number }
  | { kind: 'read'; now: Timestamp; seat: number; region: string };

const NOWS = [
  '2025-03-15T12:00:00.000Z',
  '2025-03-28T08:30:00.000Z',
  // The same quarter of an hour (the answers kept), and the next day (a day more elapsed).
  '2025-03-28T08:44:59.999Z',
  '2025-03-29T08:30:00.000Z',
  // The next period (from 2025-04-15 in America/Los_Angeles): a roll-over.
  '2025-04-20T12:00:00.000Z',
].map((n) => asTimestamp(n));

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      code: fc.constantFrom('requests', 'cpu', 'seats', 'storage', 'api_calls', 'payments'),
      // Days from 2025-02-10: before, in and after the period of 2025-03-15.
      day: fc.integer({ min: 0, max: 70 }),
      value: fc.integer({ min: 0, max: 500 }),
      seat: fc.integer({ min: 0, max: 5 }),
      region: fc.constantFrom('Europe', 'US', 'Asia'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'metric' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('override' as const),
      price: fc.integer({ min: 1, max: 9 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      now: fc.constantFrom(...NOWS),
      seat: fc.integer({ min: 0, max: 5 }),
      region: fc.constantFrom('Europe', 'US', 'Asia'),
    }),
  },
);

/** The estimated event of a read: a seat (maybe one already stored) in a region. */
function estimated(seat: number, region: string) {
  return {
    code: 'seats',
    external_subscription_id: SUB,
    properties: { seat_id: `seat_${seat}`, region },
  };
}

/** Current and projected usage and an estimate, as the server answers them. */
function served(state: ServerState, now: Timestamp, seat = 0, region = 'Europe'): unknown[] {
  const query = `external_subscription_id=${SUB}`;
  const usage = ['current_usage', 'projected_usage'].map((path) => {
    const answer = reduce(
      state,
      apiRequest('GET', `/api/v1/customers/${CUSTOMER}/${path}`, undefined, query),
      now,
    ).response;
    return { status: answer.status, body: answer.body };
  });
  const estimate = reduce(
    state,
    apiRequest('POST', '/api/v1/events/estimate_fees', { event: estimated(seat, region) }),
    now,
  ).response;
  return [...usage, { status: estimate.status, body: estimate.body }];
}

/** The same, pricing every stored event of the subscription from scratch. */
function fromScratch(state: ServerState, now: Timestamp, seat = 0, region = 'Europe'): unknown[] {
  const customer = findCustomer(state, CUSTOMER);
  const subscription = state.subscriptions.find(
    (s) => s.external_id === SUB && s.status === 'active',
  );
  if (customer._tag === 'Left' || subscription === undefined) throw new Error('no subscription');
  const plan = planOf(state, subscription);
  if (plan === undefined) throw new Error('no plan');
  const input = {
    customer: customer.right,
    subscription,
    plan,
    billableMetrics: state.billable_metrics,
    taxes: operationTaxes(state, customer.right),
    now,
    applyTaxes: true,
    events: state.events.filter((e) => e.external_subscription_id === SUB),
  };
  const current = currentUsage(input);
  const projected = projectedUsage(input);
  const estimate = estimateFees({ ...input, event: estimated(seat, region) });
  return [current, projected, estimate].map((answer) =>
    answer._tag === 'Right'
      ? { status: 200, body: answer.right }
      : { status: 'error', body: answer.left },
  );
}

function apply(state: ServerState, s: Step, i: number): ServerState {
  if (s.kind === 'read') return state;
  if (s.kind === 'override') {
    // The cpu charge's graduated ranges at another price: the subscription's own plan.
    return reduce(
      state,
      apiRequest('PUT', `/api/v1/subscriptions/${SUB}`, {
        subscription: {
          plan_overrides: {
            charges: [
              {
                id: CPU_CHARGE,
                properties: {
                  graduated_ranges: [
                    { from_value: 0, to_value: 10, flat_amount: '10', per_unit_amount: '0.5' },
                    {
                      from_value: 11,
                      to_value: null,
                      flat_amount: '0',
                      per_unit_amount: `${s.price}`,
                    },
                  ],
                },
              },
            ],
          },
        },
      }),
      NOWS[0] as Timestamp,
    ).state;
  }
  if (s.kind === 'metric') {
    return reduce(
      state,
      apiRequest(
        'PUT',
        '/api/v1/billable_metrics/seats',
        fixture('request.update_billable_metric.json'),
      ),
      NOWS[0] as Timestamp,
    ).state;
  }
  const timestamp = new Date(Date.UTC(2025, 1, 10) + s.day * 86_400_000 + i * 1000).toISOString();
  const properties = {
    cpu_seconds: String(s.value / 10),
    gb: String(s.value),
    amount: String(s.value),
    seat_id: `seat_${s.seat}`,
    region: s.region,
  };
  return reduce(
    state,
    apiRequest('POST', '/api/v1/events', {
      event: {
        transaction_id: `p_${i}`,
        code: s.code,
        external_subscription_id: SUB,
        timestamp,
        properties,
      },
    }),
    NOWS[0] as Timestamp,
  ).state;
}

describe('usage from the accumulators kept per subscription', () => {
  it('equals pricing every stored event from scratch, after any sequence of writes', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        let state = example();
        for (const [i, s] of steps.entries()) {
          state = apply(state, s, i);
          if (s.kind === 'read') {
            expect(served(state, s.now, s.seat, s.region)).toEqual(
              fromScratch(state, s.now, s.seat, s.region),
            );
          }
        }
        for (const now of NOWS) expect(served(state, now)).toEqual(fromScratch(state, now));
      }),
      { numRuns: 40 },
    );
    // Each run prices every read three times from scratch: a minute on a busy 2-core machine.
  }, 180_000);
});
