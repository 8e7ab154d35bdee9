import {
  billingPeriod,
  type ChargeFeesMetric,
  createEstimator,
  estimateFees,
  type OperationCharge,
  type OperationPlan,
  projectedUsage,
  type UsageInput,
} from '@feecast/engine';
import { planChargeFeesReport } from '@feecast/engine/internal';
import { type BenchEvent, benchEvents } from '../data';
import type { BenchCase, BenchSuite } from '../harness';
import { type ChargeShape, planCharge, SUBSCRIBER } from '../plan-charges';

/** How many metrics (and charges) the plan has. */
const CHARGES = 10;
const NOW = '2025-03-31T12:00:00Z';

const metrics: ChargeFeesMetric[] = Array.from({ length: CHARGES }, (_, i) => ({
  svc_id: `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
  name: `Compute ${i}`,
  code: `compute_${i}`,
  aggregation_type: 'sum_agg',
  field_name: 'value',
  filters: [
    { key: 'region', values: ['eu', 'us', 'apac', 'latam'] },
    { key: 'tier', values: ['free', 'pro', 'enterprise'] },
  ],
}));

const tiers = (key: string) => ({
  [key]: [
    { from_value: 0, to_value: 1000, per_unit_amount: '0.02', flat_amount: '1' },
    { from_value: 1001, to_value: null, per_unit_amount: '0.01', flat_amount: '0' },
  ],
});

/** The properties of each charge: every model, filters and pricing groups. */
const CHARGE_SHAPES: readonly ChargeShape[] = [
  ['standard', { amount: '0.05' }, { pay_in_advance: true }],
  ['package', { amount: '1', package_size: 100, free_units: 10 }, {}],
  ['graduated', tiers('graduated_ranges'), {}],
  ['volume', tiers('volume_ranges'), {}],
  ['percentage', { rate: '1.5', fixed_amount: '0.01' }, { pay_in_advance: true }],
  [
    'graduated_percentage',
    {
      graduated_percentage_ranges: [
        { from_value: 0, to_value: 500, rate: '2', flat_amount: '0' },
        { from_value: 501, to_value: null, rate: '1', flat_amount: '0' },
      ],
    },
    {},
  ],
  [
    'standard',
    { amount: '0.01' },
    {
      filters: [
        { values: { region: ['eu'] }, properties: { amount: '0.02' } },
        { values: { region: ['us', 'apac'] }, properties: { amount: '0.03' } },
      ],
    },
  ],
  ['standard', { amount: '0.04', pricing_group_keys: ['tier'] }, {}],
  [
    'graduated',
    tiers('graduated_ranges'),
    {
      pay_in_advance: true,
      filters: [{ values: { tier: ['pro'] }, properties: tiers('graduated_ranges') }],
    },
  ],
  ['standard', { amount: '0.07', pricing_group_keys: ['region'] }, {}],
];

/**
 * The plan: one charge per metric. `mixed` keeps the pay-in-advance and percentage charges
 * (priced from per-event figures); otherwise they are billed in arrears with a standard price.
 */
function benchPlan(mixed: boolean): OperationPlan & {
  readonly charges: readonly (OperationCharge & { readonly svc_id: string })[];
} {
  return {
    code: 'bench',
    interval: 'monthly',
    pay_in_advance: false,
    amount_currency: 'EUR',
    taxes: [],
    charges: CHARGE_SHAPES.map(([model, own, extra], i) => {
      const perEvent = extra.pay_in_advance === true || model === 'percentage';
      const [charge_model, properties, shape] =
        mixed || !perEvent ? [model, own, extra] : ['standard', { amount: '0.05' }, {}];
      const metric = metrics[i] ?? metrics[0];
      return planCharge([charge_model, properties, shape], i, metric?.code ?? 'compute_0');
    }),
  };
}

const context = {
  ...SUBSCRIBER,
  plan: benchPlan(true),
  billableMetrics: metrics,
  taxes: {},
  now: NOW,
};

/** The benchmark stream, each event given the code of one of the plan's metrics in turn. */
function planEvents(count: number): BenchEvent[] {
  return benchEvents(count).map((event, i) => ({ ...event, code: `compute_${i % CHARGES}` }));
}

/** A case that only waits, `micros` microseconds per call: an absolute budget as a baseline. */
function budget(calls: number, micros: number): BenchCase {
  return {
    name: `(a) budget of ${micros} µs per call`,
    run: () => {
      const end = performance.now() + (calls * micros) / 1000;
      let spins = 0;
      while (performance.now() < end) spins++;
      return spins;
    },
  };
}

/** A bare loop reading each event's properties: the floor for object input (as in aggregation). */
function floor(events: readonly BenchEvent[]): BenchCase {
  return {
    name: '(a) bare property-reading loop',
    run: () => {
      let touched = 0;
      for (const e of events) {
        const p = e.properties;
        touched +=
          p.value.length +
          p.region.length +
          p.tier.length +
          p.customer.length +
          p.instance.length +
          e.code.length;
      }
      return touched;
    },
  };
}

/** The estimated event of call `i`: values and regions vary from call to call. */
function estimatedEvent(i: number) {
  return {
    code: 'compute_0',
    external_subscription_id: 'sub_1',
    properties: {
      value: `${(i % 97) + 1}.${i % 10}`,
      region: i % 2 === 0 ? 'eu' : 'us',
      tier: 'pro',
    },
  };
}

/** `now` of call `i`: one second later each call, within the benchmark's day. */
function nowOf(i: number): string {
  return new Date(Date.parse(NOW) + (i % 36_000) * 1000).toISOString().replace('.000Z', 'Z');
}

function amountOf(result: ReturnType<typeof estimateFees>): unknown {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right.fees[0]?.amount_cents;
}

/** The estimated event and `now` of each call, made before timing: the cases time the estimates only. */
interface EstimateCall {
  readonly event: ReturnType<typeof estimatedEvent>;
  readonly now: string;
}

function estimateCalls(calls: number): EstimateCall[] {
  return Array.from({ length: calls }, (_, i) => ({ event: estimatedEvent(i), now: nowOf(i) }));
}

function estimate(history: readonly BenchEvent[], call: EstimateCall): unknown {
  return amountOf(estimateFees({ ...context, events: history, event: call.event, now: call.now }));
}

/** A 20 % VAT of the billing entity: every estimate (and the invoice suite) computes a tax. */
export const vat = {
  svc_id: '00000000-0000-4000-8000-000000000009',
  name: 'VAT',
  code: 'vat_20',
  rate: 20,
  description: null,
};

/** Prepared estimates (`createEstimator`) of the same plan, with or without a tax. */
function prepared(name: string, calls: readonly EstimateCall[], taxes: object): BenchCase {
  const estimator = createEstimator({ ...context, taxes });
  if (estimator._tag === 'Left') throw new Error(estimator.left.message);
  return {
    name,
    run: () => {
      let last: unknown;
      for (const call of calls) {
        last = amountOf(
          estimator.right.estimateFees({ event: call.event, events: [], now: call.now }),
        );
      }
      return last;
    },
  };
}

const PREPARED = 'createEstimator, then estimateFees per call, no history';

/**
 * Issue 8: `estimateFees` for a 10-charge plan with no history, per call, against a budget
 * of 20 µs per call (the target: at most the budget, median), one-shot and prepared
 * (`createEstimator`: the plan checked once, then one call per event). Each call estimates
 * another value and region, one second later than the one before.
 */
export function estimateSuite(calls = 2000): BenchSuite {
  const requests = estimateCalls(calls);
  return {
    name: 'operations: estimateFees, no history',
    items: calls,
    itemLabel: 'calls',
    baseline: '(a) budget of 20 µs per call',
    cases: [
      budget(calls, 20),
      {
        name: 'estimateFees, 10-charge plan, no history',
        run: () => {
          let last: unknown;
          for (const call of requests) last = estimate([], call);
          return last;
        },
      },
      prepared(PREPARED, requests, {}),
      prepared(`${PREPARED}, 20 % VAT`, requests, { billing_entity: [vat] }),
    ],
    targets: [{ case: PREPARED, against: '(a) budget of 20 µs per call', atMost: 1 }],
  };
}

/**
 * Issue 8: one `estimateFees` call after 100,000 events of history of the estimated metric,
 * against a bare loop over the same events.
 */
export function estimateHistorySuite(count = 100_000): BenchSuite {
  const events = planEvents(count).map((event) => ({ ...event, code: 'compute_0' }));
  const [call] = estimateCalls(1);
  if (call === undefined) throw new Error('no estimate call');
  return {
    name: 'operations: estimateFees, 100,000 events of history',
    items: count,
    itemLabel: 'events of history',
    baseline: '(a) bare property-reading loop',
    cases: [
      floor(events),
      { name: 'estimateFees after 100,000 events', run: () => estimate(events, call) },
    ],
  };
}

/**
 * Issue 8: `projectedUsage` of a 10-charge plan over 1,000,000 events (transaction ids checked,
 * as billing does), against the aggregation floor: a bare loop reading each event's
 * properties. Target: within 2x of the floor, for in-arrears charges; the mixed plan's
 * pay-in-advance and percentage charges also need per-event figures.
 */
export function projectedUsageSuite(count = 1_000_000): BenchSuite {
  const events = planEvents(count);
  const projected = (name: string, input: UsageInput): BenchCase => ({
    name,
    run: () => {
      const result = projectedUsage(input);
      if (result._tag === 'Left') throw new Error(result.left.message);
      return result.right.customer_projected_usage.projected_amount_cents;
    },
  });
  const arrears = 'projectedUsage, 10 in-arrears charges';
  const period = billingPeriod({
    plan: { interval: 'monthly', pay_in_advance: false },
    subscription: context.subscription,
    at: NOW,
  });
  if (period._tag === 'Left') throw new Error(period.left.message);
  /** The fee assembler alone on the same plan: what the operation adds is the rest. */
  const assembler: BenchCase = {
    name: 'planChargeFeesReport alone, 10 in-arrears charges',
    run: () => {
      const result = planChargeFeesReport({
        plan: benchPlan(false),
        billableMetrics: metrics,
        events,
        period: period.right,
        period_ratio: period.right.period_ratio,
      });
      if (result._tag === 'Left') throw new Error(result.left.message);
      return result.right.fees.length;
    },
  };
  return {
    name: 'operations: projectedUsage',
    items: count,
    itemLabel: 'events',
    baseline: '(a) bare property-reading loop',
    cases: [
      floor(events),
      assembler,
      projected(arrears, { ...context, plan: benchPlan(false), events }),
      projected('projectedUsage, 10 charges (3 in advance, 1 percentage)', { ...context, events }),
    ],
    targets: [{ case: arrears, against: '(a) bare property-reading loop', atMost: 2 }],
  };
}
