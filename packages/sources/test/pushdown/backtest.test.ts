// A backtest priced by pushdown (DuckDB's states per subscription x period, the engine's
// pricing) equals the in-process backtest over the same rows, on generated histories: several
// subscriptions (calendar and anniversary billing, another time zone) over several months,
// two plans with filters and groups, repeated transaction ids, bad values, rows naming no
// subscription, rows outside every period. A plan priced from each event runs in process, as
// the plan says.
import { backtest, type UsageEvent } from '@feecast/engine';
import { duckdbEvents, pushdownBacktest } from '@feecast/sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suiteDatabase } from './duckdb-tables';

const database = suiteDatabase('backtest');
const { tableOf } = database;

const billableMetrics = [
  {
    code: 'api_calls',
    aggregation_type: 'sum_agg',
    field_name: 'calls',
    filters: [{ key: 'region', values: ['eu', 'us'] }],
  },
  { code: 'seats', aggregation_type: 'unique_count_agg', field_name: 'user' },
  { code: 'storage', aggregation_type: 'sum_agg', field_name: 'gb', recurring: true },
  { code: 'peak', aggregation_type: 'max_agg', field_name: 'gb' },
  { code: 'logins', aggregation_type: 'count_agg' },
];
const starter = {
  code: 'starter',
  interval: 'monthly',
  amount_currency: 'EUR',
  amount_cents: 1000,
  charges: [
    {
      billable_metric_code: 'api_calls',
      charge_model: 'standard',
      properties: { amount: '0.01', pricing_group_keys: ['region'] },
    },
    { billable_metric_code: 'seats', charge_model: 'standard', properties: { amount: '5' } },
    { billable_metric_code: 'storage', charge_model: 'standard', properties: { amount: '0.1' } },
    { billable_metric_code: 'peak', charge_model: 'standard', properties: { amount: '2' } },
    { billable_metric_code: 'logins', charge_model: 'standard', properties: { amount: '0.3' } },
  ],
};
const growth = {
  code: 'growth',
  interval: 'monthly',
  amount_currency: 'EUR',
  amount_cents: 5000,
  charges: [
    {
      billable_metric_code: 'api_calls',
      charge_model: 'standard',
      properties: { amount: '0.5' },
      filters: [{ values: { region: ['eu'] }, properties: { amount: '0.2' } }],
    },
    {
      billable_metric_code: 'seats',
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 2, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 3, to_value: null, per_unit_amount: '4', flat_amount: '0' },
        ],
      },
    },
    {
      billable_metric_code: 'storage',
      charge_model: 'package',
      properties: { amount: '3', package_size: 10, free_units: 0 },
    },
  ],
};
// A charge paid in advance is priced from each event: the backtest runs in process.
const advance = {
  code: 'advance',
  interval: 'monthly',
  amount_currency: 'EUR',
  charges: [
    {
      billable_metric_code: 'api_calls',
      charge_model: 'standard',
      properties: { amount: '0.5' },
      pay_in_advance: true,
    },
  ],
};

const subscriptions = [
  {
    customer: { external_id: 'cust_1' },
    subscription: { external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' },
    plan: starter,
  },
  {
    customer: { external_id: 'cust_2', timezone: 'America/New_York' },
    subscription: {
      external_id: 'sub_2',
      started_at: '2025-02-05T10:00:00Z',
      billing_time: 'anniversary',
    },
    plan: starter,
  },
  {
    customer: { external_id: 'cust_2', timezone: 'America/New_York' },
    subscription: { external_id: 'sub_3', started_at: '2025-03-10T00:00:00Z' },
  },
];
const FROM = '2025-02-01T00:00:00Z';
const TO = '2025-05-01T00:00:00Z';

const FEBRUARY_S = Date.UTC(2025, 1, 1) / 1000;
const anEvent = fc
  .record({
    id: fc.integer({ min: 0, max: 40 }),
    subscription: fc.constantFrom<string | undefined>(
      'sub_1',
      'sub_2',
      'sub_3',
      'sub_x',
      undefined,
    ),
    code: fc.constantFrom('api_calls', 'seats', 'storage', 'peak', 'logins', 'other'),
    // From mid-January (before the backtest) to mid-May (after it).
    day: fc.integer({ min: -20, max: 105 }),
    hour: fc.integer({ min: 0, max: 23 }),
    value: fc.constantFrom<unknown>('3', '0.25', 7, '12.5', 'abc', null, undefined),
    region: fc.constantFrom<string | undefined>('eu', 'us', 'asia', undefined),
    user: fc.constantFrom<string | undefined>('u1', 'u2', 'u3', 'u4', undefined),
    remove: fc.boolean(),
  })
  .map((g) => {
    const properties: Record<string, unknown> = {};
    if (g.code === 'seats') {
      if (g.user !== undefined) properties.user = g.user;
      if (g.remove) properties.operation_type = 'remove';
    } else {
      const field = g.code === 'api_calls' ? 'calls' : 'gb';
      if (g.value !== undefined) properties[field] = g.value;
      if (g.region !== undefined) properties.region = g.region;
    }
    return {
      // Repeated ids (within and across months) are counted as the engine counts them.
      transaction_id: `t${g.id}`,
      code: g.code,
      timestamp: new Date((FEBRUARY_S + g.day * 86_400 + g.hour * 3_600) * 1000).toISOString(),
      properties,
      ...(g.subscription === undefined ? {} : { external_subscription_id: g.subscription }),
    } as unknown as UsageEvent;
  });
const histories = fc.array(anEvent, { maxLength: 120 });

/** The in-process backtest over the rows of `table`, as `duckdbEvents` reads them. */
async function inProcess(
  input: Omit<Parameters<typeof pushdownBacktest>[0], never>,
  table: string,
) {
  const rows = duckdbEvents(
    { database: 'connection', table },
    { connection: database.connection() },
  );
  const result = await backtest({ ...input, events: rows.events });
  if (result._tag === 'Left') throw new Error(result.left.message);
  expect(rows.error()).toBeUndefined();
  return result.right;
}

describe('pushdownBacktest', () => {
  it('equals the in-process backtest of the same rows, from DuckDB states', async () => {
    await fc.assert(
      fc.asyncProperty(histories, fc.integer({ min: 1, max: 3 }), async (events, count) => {
        const table = await tableOf(events);
        const input = {
          plans: [growth],
          subscriptions: subscriptions.slice(0, count),
          billableMetrics,
          from: FROM,
          to: TO,
        };
        const pushed = await pushdownBacktest(input, {
          connection: database.connection(),
          table,
        });
        if (pushed._tag === 'Left') throw new Error(pushed.left.message);
        expect(pushed.right.plan.reason).toBeUndefined();
        expect(pushed.right.plan.source).toBe('database');
        expect(pushed.right.backtest).toEqual(await inProcess(input, table));
      }),
      { numRuns: 15 },
    );
  }, 300_000);

  it('runs a plan priced from each event in process, and says why', async () => {
    await fc.assert(
      fc.asyncProperty(histories, async (events) => {
        const table = await tableOf(events);
        const input = { plans: [advance], subscriptions, billableMetrics, from: FROM, to: TO };
        const pushed = await pushdownBacktest(input, {
          connection: database.connection(),
          table,
        });
        if (pushed._tag === 'Left') throw new Error(pushed.left.message);
        expect(pushed.right.plan.source).toBe('events');
        expect(pushed.right.plan.reason).toMatch(/^api_calls: /);
        expect(pushed.right.backtest).toEqual(await inProcess(input, table));
      }),
      { numRuns: 5 },
    );
  }, 120_000);

  it('is a Left naming the field of bad input, without reading the table', async () => {
    const result = await pushdownBacktest(
      { plans: [growth], subscriptions, billableMetrics, from: 'soon', to: TO },
      { connection: database.connection(), table: 'no_such_table' },
    );
    expect(result._tag === 'Left' && result.left.path).toEqual(['from']);
  });
});
