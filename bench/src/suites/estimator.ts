/**
 * Issue 19: `createEstimator(...).estimateFees` with no history, per call, against the bare
 * graduated price of the same units in big.js. Every call estimates another event (its value,
 * region and tier vary), one second after the call before; the events are built before timing,
 * and every call's fees are checked against figures computed here with big.js before timing.
 */
import {
  type ChargeFeesMetric,
  createEstimator,
  type EstimatedEvent,
  type OperationCharge,
} from '@feecast/engine';
import type { EstimateFeesResponse } from '@feecast/models';
import Big from 'big.js';
import type { BenchCase, BenchSuite } from '../harness';

const NOW = '2025-03-31T12:00:00Z';

/** A graduated range, as the plan gives it. */
interface Range {
  readonly from_value: number;
  readonly to_value: number | null;
  readonly per_unit_amount: string;
  readonly flat_amount: string;
}

/** Integer-inclusive ranges: the event's value (1 to 1,500 units) falls in any of the three. */
const RANGES: readonly Range[] = [
  { from_value: 0, to_value: 100, per_unit_amount: '0.05', flat_amount: '1' },
  { from_value: 101, to_value: 1000, per_unit_amount: '0.02', flat_amount: '0.5' },
  { from_value: 1001, to_value: null, per_unit_amount: '0.01', flat_amount: '0' },
];

/** The standard charge's price per filter (charge-models.md §15: else the charge's own). */
const FILTER_PRICES = { eu: '0.02', us: '0.03', apac: '0.03' } as const;
const DEFAULT_PRICE = '0.01';
/** The percentage charge: 1.5 % of the value, plus 0.01 per event (no free units). */
const RATE = '1.5';
const FIXED = '0.01';
const REGIONS = ['eu', 'us', 'apac', 'latam'] as const;
const TIERS = ['free', 'pro', 'enterprise'] as const;

const svcId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const metric = (code: string, n: number): ChargeFeesMetric => ({
  svc_id: svcId(100 + n),
  name: code,
  code,
  aggregation_type: 'sum_agg',
  field_name: 'value',
  filters: [
    { key: 'region', values: [...REGIONS] },
    { key: 'tier', values: [...TIERS] },
  ],
});

/** The estimated metric, and two others the in-arrears charges price. */
const METRICS = [metric('api_calls', 0), metric('storage', 1), metric('compute', 2)];

const graduated = { graduated_ranges: RANGES };

/**
 * The 10 charges of the plan (every model, two filtered charges, one grouped): the three of
 * `api_calls` paid in advance are what an `api_calls` event is estimated on (three fees).
 */
const CHARGES: readonly OperationCharge[] = [
  { charge_model: 'graduated', properties: graduated, pay_in_advance: true },
  {
    charge_model: 'percentage',
    properties: { rate: RATE, fixed_amount: FIXED },
    pay_in_advance: true,
  },
  {
    charge_model: 'standard',
    properties: { amount: DEFAULT_PRICE },
    pay_in_advance: true,
    filters: [
      { values: { region: ['eu'] }, properties: { amount: FILTER_PRICES.eu } },
      { values: { region: ['us', 'apac'] }, properties: { amount: FILTER_PRICES.us } },
    ],
  },
  { charge_model: 'package', properties: { amount: '1', package_size: 100, free_units: 10 } },
  {
    charge_model: 'volume',
    properties: {
      volume_ranges: [
        { from_value: 0, to_value: 1000, per_unit_amount: '0.02', flat_amount: '1' },
        { from_value: 1001, to_value: null, per_unit_amount: '0.01', flat_amount: '0' },
      ],
    },
  },
  { charge_model: 'standard', properties: { amount: '0.04', pricing_group_keys: ['tier'] } },
  { code: 'storage', charge_model: 'standard', properties: { amount: '0.05' } },
  {
    code: 'storage',
    charge_model: 'graduated',
    properties: graduated,
    filters: [{ values: { tier: ['pro'] }, properties: { graduated_ranges: RANGES.slice(1) } }],
  },
  {
    code: 'compute',
    charge_model: 'graduated_percentage',
    properties: {
      graduated_percentage_ranges: [
        { from_value: 0, to_value: 500, rate: '2', flat_amount: '0' },
        { from_value: 501, to_value: null, rate: '1', flat_amount: '0' },
      ],
    },
  },
  { code: 'compute', charge_model: 'standard', properties: { amount: '0.07' } },
].map(({ code, filters, ...charge }, i) => ({
  svc_id: svcId(200 + i),
  billable_metric_code: code ?? 'api_calls',
  pay_in_advance: false,
  ...charge,
  filters: (filters ?? []).map((filter, f) => ({ ...filter, svc_id: svcId(300 + 10 * i + f) })),
}));

const context = (charges: readonly OperationCharge[], taxes: object) => ({
  customer: { svc_id: svcId(1), external_id: 'cust_1' },
  subscription: {
    svc_id: svcId(2),
    external_id: 'sub_1',
    external_customer_id: 'cust_1',
    billing_time: 'calendar' as const,
    started_at: '2025-01-01T00:00:00Z',
    subscription_at: '2025-01-01T00:00:00Z',
    status: 'active' as const,
  },
  plan: {
    code: 'bench',
    interval: 'monthly' as const,
    pay_in_advance: false,
    amount_currency: 'EUR',
    taxes: [],
    charges,
  },
  billableMetrics: METRICS,
  taxes,
});

/** A 20 % VAT of the billing entity. */
const VAT = { svc_id: svcId(9), name: 'VAT', code: 'vat_20', rate: 20, description: null };

/** One estimate: the event and `now` of a call. */
interface Call {
  readonly event: EstimatedEvent & {
    readonly properties: { readonly value: string; readonly region: string; readonly tier: string };
  };
  readonly now: string;
}

/** Call `i`: a value of 1 to 1,500 units with 0 to 2 decimals, a region and a tier. */
function calls(count: number): Call[] {
  return Array.from({ length: count }, (_, i) => {
    const places = i % 3;
    const fraction = places === 0 ? '' : `.${String((i * 7) % 10 ** places).padStart(places, '0')}`;
    return {
      event: {
        code: 'api_calls',
        external_subscription_id: 'sub_1',
        transaction_id: `tx_${i}`,
        properties: {
          value: `${((i * 37) % 1500) + 1}${fraction}`,
          region: REGIONS[i % REGIONS.length] ?? 'eu',
          tier: TIERS[i % TIERS.length] ?? 'pro',
        },
      },
      now: new Date(Date.parse(NOW) + (i % 36_000) * 1000).toISOString().replace('.000Z', 'Z'),
    };
  });
}

/** The ranges in big.js, read once (as the engine compiles a charge once). */
const BIG_RANGES = RANGES.map((range) => ({
  from: new Big(range.from_value),
  to: range.to_value === null ? null : new Big(range.to_value),
  perUnit: new Big(range.per_unit_amount),
  flat: new Big(range.flat_amount),
}));

/**
 * The graduated price of `units` (charge-models.md §9), written here from the reference's rule
 * in big.js: each range holds `min(units, to) - from + 1` units (`min(units, to)` from 0), pays
 * its units times its price plus its flat amount, and the walk stops at the first range whose
 * end is open or reaches the units. With no history, an estimate's fee is this price in full
 * (the first event of a period pays the first flat amount, §5).
 */
function graduatedPrice(units: Big): Big {
  let total = new Big(0);
  for (const range of BIG_RANGES) {
    const upper = range.to === null || units.lt(range.to) ? units : range.to;
    const inRange = range.from.eq(0) ? upper : upper.minus(range.from).plus(1);
    total = total.plus(inRange.times(range.perUnit)).plus(range.flat);
    if (range.to === null || units.lte(range.to)) break;
  }
  return total;
}

/** Money to minor units (charge-models.md §2): rounded half away from zero to cents. */
const cents = (amount: Big) => Number(amount.round(2, Big.roundHalfUp).times(100).toFixed(0));

/** The three fees' amounts of a call on the 10-charge plan, in big.js (§5, §9, §12, §15). */
function planCents(call: Call): number[] {
  const { value, region } = call.event.properties;
  const units = new Big(value);
  const price =
    region in FILTER_PRICES ? FILTER_PRICES[region as keyof typeof FILTER_PRICES] : DEFAULT_PRICE;
  return [
    cents(graduatedPrice(units)),
    // One event, no free units: the rate on its value plus one fixed amount.
    cents(units.times(RATE).div(100).plus(FIXED)),
    cents(units.times(price)),
  ];
}

function feeCents(result: ReturnType<Estimator['estimateFees']>): number[] {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right.fees.map((fee: EstimateFeesResponse['fees'][number]) => fee.amount_cents);
}

type Estimator = Extract<ReturnType<typeof createEstimator>, { _tag: 'Right' }>['right'];

function prepare(charges: readonly OperationCharge[], taxes: object): Estimator {
  const estimator = createEstimator(context(charges, taxes));
  if (estimator._tag === 'Left') throw new Error(estimator.left.message);
  return estimator.right;
}

/**
 * Checks every call's fees against `expected` (and a VAT of 20 % of each, when `vat`) before
 * timing: a benchmark of wrong figures is worthless.
 */
function check(
  name: string,
  estimator: Estimator,
  requests: readonly Call[],
  expected: (call: Call) => number[],
  vat: boolean,
): void {
  for (const call of requests) {
    const result = estimator.estimateFees({ event: call.event, now: call.now });
    const want = expected(call);
    const got = feeCents(result);
    const taxes =
      result._tag === 'Right' ? result.right.fees.map((fee) => fee.taxes_amount_cents) : [];
    // 20 % of each fee's cents, rounded half up (taxes.md: a fee's tax is rounded per fee).
    const wantTaxes = want.map((c) =>
      vat ? Number(new Big(c).times('0.2').round(0, Big.roundHalfUp)) : 0,
    );
    if (JSON.stringify([got, taxes]) !== JSON.stringify([want, wantTaxes])) {
      throw new Error(
        `${name}: ${JSON.stringify(call.event.properties)} gave ${JSON.stringify([got, taxes])}, big.js ${JSON.stringify([want, wantTaxes])}`,
      );
    }
  }
}

/** A case that asks `estimator` every call's estimate, with no history. */
function estimates(name: string, estimator: Estimator, requests: readonly Call[]): BenchCase {
  return {
    name,
    run: () => {
      let total = 0;
      for (const call of requests) {
        const result = estimator.estimateFees({ event: call.event, now: call.now });
        if (result._tag === 'Left') throw new Error(result.left.message);
        total += result.right.fees.length;
      }
      return total;
    },
  };
}

const BASELINE = '(a) bare graduated price in big.js';
const ONE = 'one graduated in-advance charge';
const PLAN = '10-charge plan, 3 in advance (3 fees per call)';

/**
 * Issue 19: a prepared estimator's `estimateFees`, no history, per call. Targets (median per
 * call): at most 10 µs for one graduated in-advance charge, at most 20 µs for the 10-charge plan
 * with 3 pay-in-advance charges.
 */
export function estimatorSuite(count = 2000): BenchSuite {
  const requests = calls(count);
  const [first] = CHARGES;
  if (first === undefined) throw new Error('no charge');
  const one = prepare([first], {});
  const plan = prepare(CHARGES, {});
  const planVat = prepare(CHARGES, { billing_entity: [VAT] });
  const oneCents = (call: Call) => [cents(graduatedPrice(new Big(call.event.properties.value)))];
  check(ONE, one, requests, oneCents, false);
  check(PLAN, plan, requests, planCents, false);
  check(`${PLAN}, 20 % VAT`, planVat, requests, planCents, true);
  return {
    name: 'estimator: createEstimator, then estimateFees per call, no history',
    items: count,
    itemLabel: 'calls',
    baseline: BASELINE,
    cases: [
      {
        name: BASELINE,
        run: () => {
          let total = 0;
          for (const call of requests)
            total += cents(graduatedPrice(new Big(call.event.properties.value)));
          return total;
        },
      },
      estimates(ONE, one, requests),
      estimates(PLAN, plan, requests),
      estimates(`${PLAN}, 20 % VAT`, planVat, requests),
    ],
    nsTargets: [
      { case: ONE, atMostNs: 10_000 },
      { case: PLAN, atMostNs: 20_000 },
    ],
  };
}
