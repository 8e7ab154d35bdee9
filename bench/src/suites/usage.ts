import {
  type AggregateOptions,
  aggregate,
  type ChargeFeesMetric,
  currentUsage,
  type OperationPlan,
  projectedUsage,
  type UsageInput,
} from '@feecast/engine';
import Big from 'big.js';
import type { BenchCase, BenchSuite } from '../harness';
import { type HistoryEvent, historyEvents, NOVEMBER } from '../history';
import { type ChargeShape, planCharge, SUBSCRIBER } from '../plan-charges';

/** The one metric of the history set: the sum of `value`, filterable by region and tier. */
export const compute: ChargeFeesMetric = {
  svc_id: '00000000-0000-4000-8000-000000000100',
  name: 'Compute',
  code: 'compute',
  aggregation_type: 'sum_agg',
  field_name: 'value',
  filters: [
    { key: 'region', values: ['eu', 'us', 'apac', 'latam'] },
    { key: 'tier', values: ['free', 'pro', 'enterprise'] },
  ],
};

const tiers = {
  graduated_ranges: [
    { from_value: 0, to_value: 100_000, per_unit_amount: '0.002', flat_amount: '10' },
    { from_value: 100_001, to_value: null, per_unit_amount: '0.001', flat_amount: '0' },
  ],
};

/**
 * The ten charges, all on the metric (one pass serves them): standard, graduated, package,
 * volume, a percentage with free units (priced from each event's value), graduated percentage,
 * two filtered (by region, by tier), one grouped by region and one standard charge paid in
 * advance (priced from each event's increment).
 */
const CHARGES: readonly ChargeShape[] = [
  ['standard', { amount: '0.05' }, {}],
  ['graduated', tiers, {}],
  ['package', { amount: '2', package_size: 1000, free_units: 100 }, {}],
  [
    'volume',
    {
      volume_ranges: [
        { from_value: 0, to_value: 1_000_000, per_unit_amount: '0.003', flat_amount: '0' },
        { from_value: 1_000_001, to_value: null, per_unit_amount: '0.002', flat_amount: '0' },
      ],
    },
    {},
  ],
  ['percentage', { rate: '1.5', fixed_amount: '0.01', free_units_per_events: 1000 }, {}],
  [
    'graduated_percentage',
    {
      graduated_percentage_ranges: [
        { from_value: 0, to_value: 500_000, rate: '2', flat_amount: '0' },
        { from_value: 500_001, to_value: null, rate: '1', flat_amount: '0' },
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
  [
    'graduated',
    tiers,
    {
      filters: [
        { values: { tier: ['pro'] }, properties: { graduated_ranges: tiers.graduated_ranges } },
      ],
    },
  ],
  ['standard', { amount: '0.04', pricing_group_keys: ['region'] }, {}],
  ['standard', { amount: '0.005' }, { pay_in_advance: true }],
];

/** The 10-charge plan (shared with the invoice suite). */
export const plan: OperationPlan = {
  code: 'history',
  interval: 'monthly',
  pay_in_advance: false,
  amount_currency: 'EUR',
  taxes: [],
  charges: CHARGES.map((shape, i) => planCharge(shape, i, 'compute')),
};

/** The subscription of every history event; `now` is late November, the period November. */
export function usageInput(events: readonly HistoryEvent[]): UsageInput {
  return {
    ...SUBSCRIBER,
    plan,
    billableMetrics: [compute],
    taxes: {},
    now: '2025-11-20T12:00:00Z',
    events,
  };
}

/** The units of an independent `aggregate` of the history's November events. */
function unitsOf(events: readonly HistoryEvent[], options: Partial<AggregateOptions>): string {
  const result = aggregate(compute, events, { ...NOVEMBER, ...options });
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right.aggregation;
}

/** An amount in cents as usage rounds it (half up, to the cent). */
function cents(units: string, price: string): number {
  return Number(new Big(units).times(price).times(100).round(0, Big.roundHalfUp).toString());
}

/** What a usage entry of a charge shows: units, amount, each filter bucket's and group's. */
interface Entry {
  readonly units: string;
  readonly amount_cents: number;
  readonly filters?: readonly {
    readonly units: string;
    readonly amount_cents: number;
    readonly values: unknown;
  }[];
  readonly grouped_usage?: readonly {
    readonly units: string;
    readonly amount_cents: number;
    readonly grouped_by: Readonly<Record<string, string | null>>;
  }[];
  readonly charge: { readonly svc_id: string };
}

/**
 * The figures the usage must show, from independent aggregates (`aggregate` with the
 * charge's filter or group, one call each) and prices worked here in big.js: every charge's
 * units; the amounts of the standard charges (units × price), filter buckets and groups
 * included, and of the package charge (ceil((units − 100) / 1000) × 2 EUR).
 */
function usageDisagreements(events: readonly HistoryEvent[]): string[] {
  const wrong: string[] = [];
  const expect = (what: string, got: unknown, want: unknown) => {
    if (JSON.stringify(got) !== JSON.stringify(want))
      wrong.push(`${what}: usage gave ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  };
  const all = unitsOf(events, {});
  const eu = unitsOf(events, { filters: { region: ['eu'] } });
  const usApac = unitsOf(events, { filters: { region: ['us', 'apac'] } });
  const latam = unitsOf(events, { filters: { region: ['latam'] } });
  const pro = unitsOf(events, { filters: { tier: ['pro'] } });
  const result = currentUsage(usageInput(events));
  if (result._tag === 'Left') return [result.left.message];
  const projected = projectedUsage(usageInput(events));
  if (projected._tag === 'Left') return [projected.left.message];
  const bySvc = new Map<string, Entry>(
    (result.right.customer_usage.charges_usage as readonly Entry[]).map((e) => [
      e.charge.svc_id,
      e,
    ]),
  );
  const entry = (i: number) => bySvc.get(plan.charges?.[i]?.svc_id ?? '');
  for (let i = 0; i < CHARGES.length; i++) expect(`charge ${i} units`, entry(i)?.units, all);
  expect('standard amount', entry(0)?.amount_cents, cents(all, '0.05'));
  const packages = new Big(all).minus(100).div(1000).round(0, Big.roundUp);
  expect('package amount', entry(2)?.amount_cents, Number(packages.times(200).toString()));
  const filtered = entry(6)?.filters?.map((f) => [f.units, f.amount_cents]);
  expect('filtered by region', filtered, [
    [eu, cents(eu, '0.02')],
    [usApac, cents(usApac, '0.03')],
    [latam, cents(latam, '0.01')],
  ]);
  const tier = entry(7)?.filters?.map((f) => f.units);
  expect('filtered by tier', tier, [pro, new Big(all).minus(pro).toString()]);
  const groups = unitsGroups(events);
  const grouped = Object.fromEntries(
    (entry(8)?.grouped_usage ?? []).map((g) => [g.grouped_by.region, [g.units, g.amount_cents]]),
  );
  expect(
    'grouped by region',
    grouped,
    Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, [v, cents(v, '0.04')]])),
  );
  expect('in advance amount', entry(9)?.amount_cents, cents(all, '0.005'));
  expect(
    'projected usage, current amount',
    projected.right.customer_projected_usage.amount_cents,
    result.right.customer_usage.amount_cents,
  );
  return wrong;
}

function unitsGroups(events: readonly HistoryEvent[]): Record<string, string> {
  const result = aggregate(compute, events, { ...NOVEMBER, grouped_by: ['region'] });
  if (result._tag === 'Left') throw new Error(result.left.message);
  return Object.fromEntries(
    (result.right.groups ?? []).map((g) => [String(g.grouped_by.region), g.aggregation]),
  );
}

/** The events one at a time from an async generator (issue 21 §1: events given asynchronously). */
async function* arriving(events: readonly HistoryEvent[]): AsyncGenerator<HistoryEvent> {
  for (const event of events) yield event;
}

const AGGREGATE = 'aggregate, sum (the default options)';
const CURRENT = 'currentUsage, 10 charges';
const PROJECTED = 'projectedUsage, 10 charges';

/**
 * Issue 19: `currentUsage` and `projectedUsage` of a 10-charge plan over a history-shaped set
 * (1,000,000 events over three months, unsorted, ~1 % repeated ids, ISO timestamps;
 * `bench/src/history.ts`) against one `aggregate` of the same events (the sum, the default
 * options: deduplication on). Before timing, every charge's units and the amounts that can be
 * worked by hand are checked against independent aggregates (`usageDisagreements`).
 */
export function usageSuite(count = 1_000_000): BenchSuite {
  const events = historyEvents(count, 'iso');
  const input = usageInput(events);
  const cases: BenchCase[] = [
    { name: AGGREGATE, run: () => unitsOf(events, {}) },
    {
      name: CURRENT,
      run: () => {
        const result = currentUsage(input);
        if (result._tag === 'Left') throw new Error(result.left.message);
        return result.right.customer_usage.amount_cents;
      },
    },
    {
      name: `${CURRENT}, the same events from an async generator`,
      run: async () => {
        const result = await currentUsage({ ...input, events: arriving(events) });
        if (result._tag === 'Left') throw new Error(result.left.message);
        return result.right.customer_usage.amount_cents;
      },
    },
    {
      name: PROJECTED,
      run: () => {
        const result = projectedUsage(input);
        if (result._tag === 'Left') throw new Error(result.left.message);
        return result.right.customer_projected_usage.projected_amount_cents;
      },
    },
  ];
  return {
    name: 'usage: currentUsage and projectedUsage',
    items: count,
    itemLabel: 'events',
    baseline: AGGREGATE,
    cases,
    checks: () => usageDisagreements(events),
    targets: [
      { case: CURRENT, against: AGGREGATE, atMost: 3 },
      { case: PROJECTED, against: AGGREGATE, atMost: 3 },
    ],
  };
}
