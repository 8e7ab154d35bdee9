/**
 * `currentUsage` (estimate-and-usage.md §3): the period fields (§3.3), which entries show
 * (§3.4), units and amounts of pay-in-advance and prorated charges (§3.5), taxes (§3.6), the
 * response shape (§3.7) and the worked example (§3.8).
 */
import { describe, expect, it } from 'vitest';
import { currentUsage, currentUsageUnsafe } from '../../src/operations/index';
import {
  charge,
  cloudCharge,
  currentOf,
  customer,
  event,
  events,
  leftOf,
  metric,
  plan,
  ranges,
  subscription,
  tax,
  uuid,
} from './builders';

const calls = metric('api_calls', 'count_agg');

/** §3.8's graduated single tier: 0.01 per unit + 0.01 flat. */
const singleTier = ranges([[0, null, '0.01', '0.01']]);

function usage(charges: Parameters<typeof plan>[0], now: string, more = {}) {
  return {
    customer: customer(),
    subscription: subscription('2025-01-01T00:00:00Z'),
    plan: plan(charges),
    billableMetrics: [calls],
    events: [],
    now,
    ...more,
  };
}

describe('estimate-and-usage.md §3.8 worked example', () => {
  it('graduated 0.01 + flat 0.01, 4 events, 20 % entity tax -> amount 5, taxes 1, total 6, units 4', () => {
    const graduated = charge(calls, 'graduated', singleTier);
    const body = currentOf(
      usage([graduated], '2025-07-03T10:00:00Z', {
        events: events(4, 'api_calls', '2025-07-02T10:00:00Z'),
        taxes: { billing_entity: [tax('vat', 20)] },
      }),
    );
    expect([body.amount_cents, body.taxes_amount_cents, body.total_amount_cents]).toEqual([
      5, 1, 6,
    ]);
    expect(body.charges_usage[0]).toMatchObject({
      units: '4',
      total_aggregated_units: '4',
      events_count: 4,
      amount_cents: 5,
      amount_currency: 'EUR',
      filters: [],
      grouped_usage: [],
      pricing_unit_details: null,
      charge: { svc_id: graduated.svc_id, charge_model: 'graduated', invoice_display_name: null },
      billable_metric: {
        svc_id: calls.svc_id,
        name: 'api_calls',
        code: 'api_calls',
        aggregation_type: 'count_agg',
      },
    });
  });

  it('filters on cloud (aws 10, google 20, default 0): 3 aws + 1 google -> 3000, 2000, charge 5000, units 4', () => {
    const { clouds, filtered } = cloudCharge([61, 62], 'Google');
    const body = currentOf(
      usage([filtered], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds],
        events: [
          ...events(3, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'aws' }),
          ...events(1, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'google' }),
        ],
      }),
    );
    const [entry] = body.charges_usage;
    expect([entry?.amount_cents, entry?.units]).toEqual([5000, '4']);
    expect(
      entry?.filters.map((f) => [f.values, f.invoice_display_name, f.units, f.amount_cents]),
    ).toEqual([
      [{ cloud: ['aws'] }, null, '3', 3000],
      [{ cloud: ['google'] }, 'Google', '1', 2000],
      [null, null, '0', 0],
    ]);
  });
});

describe('estimate-and-usage.md §3.3 period fields', () => {
  it('a subscription started at 09:30 starts its first usage period at 09:30', () => {
    const body = currentOf({
      ...usage([charge(calls, 'standard', { amount: '1' })], '2025-03-15T00:00:00Z'),
      subscription: subscription('2025-03-10T09:30:00Z'),
    });
    expect([body.from_datetime, body.to_datetime]).toEqual([
      '2025-03-10T09:30:00Z',
      '2025-03-31T23:59:59Z',
    ]);
  });

  it('a yearly plan ends at 2023-12-31T22:59:59Z in Europe/Berlin and 2024-01-01T07:59:59Z in America/Los_Angeles', () => {
    const yearly = plan([charge(calls, 'standard', { amount: '1' })], { interval: 'yearly' });
    const at = (zone: string) =>
      currentOf({
        ...usage([], '2023-06-15T12:00:00Z'),
        plan: yearly,
        customer: customer(zone),
        subscription: subscription('2023-01-01T00:00:00Z'),
      }).to_datetime;
    expect([at('Europe/Berlin'), at('America/Los_Angeles')]).toEqual([
      '2023-12-31T22:59:59Z',
      '2024-01-01T07:59:59Z',
    ]);
  });

  it('issuing_date is the last day of the period: 2025-06-30 for June; 2 × 12.66 with 20 % -> 2532, 506, 3038', () => {
    const body = currentOf(
      usage([charge(calls, 'standard', { amount: '12.66' })], '2025-06-15T00:00:00Z', {
        events: events(2, 'api_calls', '2025-06-02T00:00:00Z'),
        taxes: { billing_entity: [tax('vat', 20)] },
      }),
    );
    expect([
      body.issuing_date,
      body.amount_cents,
      body.taxes_amount_cents,
      body.total_amount_cents,
    ]).toEqual(['2025-06-30', 2532, 506, 3038]);
  });

  it('anniversary on the 7th, asked on 2022-06-22: period 2022-06-07..2022-07-06, issuing_date 2022-07-06', () => {
    const body = currentOf({
      ...usage([charge(calls, 'standard', { amount: '1' })], '2022-06-22T00:00:00Z'),
      subscription: subscription('2022-03-07T00:00:00Z', { billing_time: 'anniversary' }),
    });
    expect([body.from_datetime, body.to_datetime, body.issuing_date]).toEqual([
      '2022-06-07T00:00:00Z',
      '2022-07-06T23:59:59Z',
      '2022-07-06',
    ]);
  });

  it('§5.7 (deviation): west of UTC, issuing_date is the local last day (New York March -> 2025-03-31, reference 04-01)', () => {
    const body = currentOf({
      ...usage([charge(calls, 'standard', { amount: '1' })], '2025-03-15T12:00:00Z'),
      customer: customer('America/New_York'),
    });
    expect([body.to_datetime, body.issuing_date]).toEqual(['2025-04-01T03:59:59Z', '2025-03-31']);
  });

  it('§3.6: apply_taxes false -> taxes 0, total = amount; currency is the plan currency; svc_invoice_id null', () => {
    const body = currentOf(
      usage([charge(calls, 'standard', { amount: '12.66' })], '2025-06-15T00:00:00Z', {
        events: events(2, 'api_calls', '2025-06-02T00:00:00Z'),
        taxes: { billing_entity: [tax('vat', 20)] },
        plan: plan([charge(calls, 'standard', { amount: '12.66' })], { amount_currency: 'USD' }),
        applyTaxes: false,
      }),
    );
    expect([
      body.taxes_amount_cents,
      body.total_amount_cents,
      body.currency,
      body.svc_invoice_id,
    ]).toEqual([0, 2532, 'USD', null]);
  });
});

describe('estimate-and-usage.md §3.4 which entries show', () => {
  it('a charge with no usage still shows, with units 0 and amount 0', () => {
    const [entry] = currentOf(
      usage([charge(calls, 'standard', { amount: '5' })], '2025-07-03T10:00:00Z'),
    ).charges_usage;
    expect([entry?.units, entry?.amount_cents, entry?.events_count]).toEqual(['0', 0, 0]);
  });

  it('a graduated charge with no usage bills its first-tier flat fee (100.00 -> 10000, units 0)', () => {
    const graduated = charge(
      calls,
      'graduated',
      ranges([
        [0, 10, '1', '100'],
        [11, null, '0.5', '0'],
      ]),
    );
    const body = currentOf(usage([graduated], '2025-07-03T10:00:00Z'));
    expect([
      body.charges_usage[0]?.amount_cents,
      body.charges_usage[0]?.units,
      body.amount_cents,
    ]).toEqual([10000, '0', 10000]);
  });

  it('every filter and the default bucket show with no usage (values and name null on the default)', () => {
    const clouds = metric('clouds', 'count_agg', {
      filters: [{ key: 'cloud', values: ['aws', 'gcp'] }],
    });
    const filtered = charge(
      clouds,
      'standard',
      { amount: '1' },
      {
        filters: [
          {
            svc_id: uuid(63),
            invoice_display_name: 'AWS',
            values: { cloud: ['aws'] },
            properties: { amount: '2' },
          },
          {
            svc_id: uuid(64),
            invoice_display_name: null,
            values: { cloud: ['gcp'] },
            properties: { amount: '3' },
          },
        ],
      },
    );
    const [entry] = currentOf(
      usage([filtered], '2025-07-03T10:00:00Z', { billableMetrics: [clouds] }),
    ).charges_usage;
    expect(entry?.filters.map((f) => [f.values, f.invoice_display_name, f.units])).toEqual([
      [{ cloud: ['aws'] }, 'AWS', '0'],
      [{ cloud: ['gcp'] }, null, '0'],
      [null, null, '0'],
    ]);
  });

  it('a grouped charge with no events shows one group {region: null} of zeros; with events, only groups with events', () => {
    const grouped = charge(calls, 'standard', { amount: '1', pricing_group_keys: ['region'] });
    const empty = currentOf(usage([grouped], '2025-07-03T10:00:00Z')).charges_usage[0];
    expect(empty?.grouped_usage).toEqual([
      {
        grouped_by: { region: null },
        units: '0',
        total_aggregated_units: '0',
        events_count: 0,
        amount_cents: 0,
        pricing_unit_details: null,
        filters: [],
      },
    ]);
    const used = currentOf(
      usage([grouped], '2025-07-03T10:00:00Z', {
        events: [
          ...events(2, 'api_calls', '2025-07-02T00:00:00Z', { region: 'eu' }),
          ...events(1, 'api_calls', '2025-07-02T00:00:00Z', { region: 'us' }),
        ],
      }),
    ).charges_usage[0];
    expect(used?.grouped_usage.map((g) => [g.grouped_by, g.units, g.amount_cents])).toEqual([
      [{ region: 'eu' }, '2', 200],
      [{ region: 'us' }, '1', 100],
    ]);
    expect([used?.units, used?.amount_cents]).toEqual(['3', 300]);
  });

  it('grouped usage of a charge with filters lists each group with its filter buckets', () => {
    const clouds = metric('clouds', 'count_agg', {
      filters: [{ key: 'cloud', values: ['aws', 'gcp'] }],
    });
    const filtered = charge(
      clouds,
      'standard',
      { amount: '1', pricing_group_keys: ['region'] },
      {
        filters: [
          {
            svc_id: uuid(65),
            invoice_display_name: null,
            values: { cloud: ['aws'] },
            properties: { amount: '2' },
          },
        ],
      },
    );
    const [entry] = currentOf(
      usage([filtered], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds],
        events: [
          event('clouds', '2025-07-02T00:00:00Z', { cloud: 'aws', region: 'eu' }),
          event('clouds', '2025-07-02T00:00:00Z', { cloud: 'gcp', region: 'eu' }),
        ],
      }),
    ).charges_usage;
    expect(
      entry?.grouped_usage.map((g) => [
        g.grouped_by,
        g.amount_cents,
        g.filters.map((f) => [f.values, f.amount_cents]),
      ]),
    ).toEqual([
      [
        { region: 'eu' },
        300,
        [
          [{ cloud: ['aws'] }, 200],
          [null, 100],
        ],
      ],
    ]);
  });

  it('of two identical filters only the first counts an event', () => {
    const clouds = metric('clouds', 'count_agg', { filters: [{ key: 'cloud', values: ['aws'] }] });
    const twice = charge(
      clouds,
      'standard',
      { amount: '1' },
      {
        filters: [
          {
            svc_id: uuid(66),
            invoice_display_name: 'first',
            values: { cloud: ['aws'] },
            properties: { amount: '2' },
          },
          {
            svc_id: uuid(67),
            invoice_display_name: 'second',
            values: { cloud: ['aws'] },
            properties: { amount: '3' },
          },
        ],
      },
    );
    const [entry] = currentOf(
      usage([twice], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds],
        events: events(2, 'clouds', '2025-07-02T00:00:00Z', { cloud: 'aws' }),
      }),
    ).charges_usage;
    expect(entry?.filters.map((f) => [f.invoice_display_name, f.units, f.amount_cents])).toEqual([
      ['first', '2', 400],
      ['second', '0', 0],
      [null, '0', 0],
    ]);
  });

  it('§3.7: entries are sorted by billable metric name, case-insensitive; equal names keep the plan order', () => {
    const zeta = metric('zeta', 'count_agg', { name: 'Zeta' });
    const alpha = metric('alpha', 'count_agg', { name: 'alpha' });
    const beta1 = metric('beta1', 'count_agg', { name: 'Beta' });
    const beta2 = metric('beta2', 'count_agg', { name: 'beta' });
    const charges = [zeta, beta1, alpha, beta2].map((m) => charge(m, 'standard', { amount: '1' }));
    const body = currentOf(
      usage(charges, '2025-07-03T10:00:00Z', { billableMetrics: [zeta, alpha, beta1, beta2] }),
    );
    expect(body.charges_usage.map((e) => e.billable_metric.code)).toEqual([
      'alpha',
      'beta1',
      'beta2',
      'zeta',
    ]);
  });
});

describe('estimate-and-usage.md §3.5 units and amounts', () => {
  it('pay-in-advance unique count at 1: add seat_1 -> 1 unit, 100; remove -> 0 units, 100; add seat_2 -> 1 unit, 100', () => {
    const seats = metric('seats', 'unique_count_agg');
    const inAdvance = charge(seats, 'standard', { amount: '1' }, { pay_in_advance: true });
    const stream = [
      event('seats', '2025-07-02T10:00:00Z', { value: 'seat_1' }),
      event('seats', '2025-07-03T10:00:00Z', { value: 'seat_1', operation_type: 'remove' }),
      event('seats', '2025-07-04T10:00:00Z', { value: 'seat_2' }),
    ];
    const after = (n: number, now: string) =>
      currentOf(usage([inAdvance], now, { billableMetrics: [seats], events: stream.slice(0, n) }))
        .charges_usage[0];
    expect(
      [1, 2, 3].map((n) => [
        after(n, `2025-07-0${n + 2}T00:00:00Z`)?.units,
        after(n, `2025-07-0${n + 2}T00:00:00Z`)?.amount_cents,
      ]),
    ).toEqual([
      ['1', 100],
      ['0', 100],
      ['1', 100],
    ]);
  });

  it('prorated recurring sum at 29, February 2024: +10 on the 6th -> 24000; −5 -> units 5, 24000; +2 -> units 7, 24000', () => {
    const seats = metric('seats', 'sum_agg', { recurring: true });
    const prorated = charge(
      seats,
      'standard',
      { amount: '29' },
      { pay_in_advance: true, prorated: true },
    );
    const stream = [
      event('seats', '2024-02-06T10:00:00Z', { value: '10' }),
      event('seats', '2024-02-07T10:00:00Z', { value: '-5' }),
      event('seats', '2024-02-08T10:00:00Z', { value: '2' }),
    ];
    const after = (n: number) =>
      currentOf({
        ...usage([prorated], '2024-02-20T00:00:00Z', {
          billableMetrics: [seats],
          events: stream.slice(0, n),
        }),
        subscription: subscription('2024-01-01T00:00:00Z'),
      }).charges_usage[0];
    expect([1, 2, 3].map((n) => [after(n)?.units, after(n)?.amount_cents])).toEqual([
      ['10', 24000],
      ['5', 24000],
      ['7', 24000],
    ]);
  });

  it('prorated unique count at 1: a seat added 2024-02-23 in a 29-day February -> 7/29 -> 24 cents, 1 unit', () => {
    const seats = metric('seats', 'unique_count_agg', { recurring: true });
    const prorated = charge(
      seats,
      'standard',
      { amount: '1' },
      { pay_in_advance: true, prorated: true },
    );
    const [entry] = currentOf({
      ...usage([prorated], '2024-02-25T00:00:00Z', {
        billableMetrics: [seats],
        events: [event('seats', '2024-02-23T10:00:00Z', { value: 'seat_1' })],
      }),
      subscription: subscription('2024-01-01T00:00:00Z'),
    }).charges_usage;
    expect([entry?.units, entry?.amount_cents]).toEqual(['1', 24]);
  });

  it('events_count: sum counts zero values; unique count shows the unique count', () => {
    const gb = metric('gb', 'sum_agg');
    const users = metric('users', 'unique_count_agg');
    const body = currentOf(
      usage(
        [charge(gb, 'standard', { amount: '1' }), charge(users, 'standard', { amount: '1' })],
        '2025-07-03T10:00:00Z',
        {
          billableMetrics: [gb, users],
          events: [
            event('gb', '2025-07-02T00:00:00Z', { value: '0' }),
            event('gb', '2025-07-02T00:00:00Z', { value: '3' }),
            ...events(3, 'users', '2025-07-02T00:00:00Z', { value: 'same_user' }),
          ],
        },
      ),
    );
    expect(body.charges_usage.map((e) => [e.billable_metric.code, e.events_count])).toEqual([
      ['gb', 2],
      ['users', 1],
    ]);
  });

  it('events of other subscriptions and outside the period are not counted; future-dated events in the period are', () => {
    const body = currentOf(
      usage([charge(calls, 'standard', { amount: '1' })], '2025-07-03T10:00:00Z', {
        events: [
          event('api_calls', '2025-07-02T00:00:00Z'),
          event('api_calls', '2025-07-20T00:00:00Z'),
          event('api_calls', '2025-06-30T23:59:59Z'),
          event('api_calls', '2025-07-02T00:00:00Z', {}, { external_subscription_id: 'sub_2' }),
        ],
      }),
    );
    expect(body.amount_cents).toBe(200);
  });

  it("a stored event whose external_subscription_id is null is the subscription's; any iterable is read once", () => {
    function* stream() {
      yield event('api_calls', '2025-07-02T00:00:00Z');
      yield { ...event('api_calls', '2025-07-02T00:00:00Z'), external_subscription_id: null };
    }
    const body = currentOf(
      usage([charge(calls, 'standard', { amount: '1' })], '2025-07-03T10:00:00Z', {
        events: stream(),
      }),
    );
    expect(body.amount_cents).toBe(200);
  });
});

describe('estimate-and-usage.md §3.7 pricing units', () => {
  it('300 units × 1.0 credits at rate 0.5 -> amount_cents 15000, pricing_unit_details.amount_cents 30000', () => {
    const credits = charge(
      calls,
      'standard',
      { amount: '1' },
      {
        applied_pricing_unit: { code: 'credits', conversion_rate: '0.5' },
      },
    );
    const [entry] = currentOf(
      usage([credits], '2025-07-03T10:00:00Z', {
        events: events(300, 'api_calls', '2025-07-02T00:00:00Z'),
        pricingUnits: [{ svc_id: uuid(70), code: 'credits', short_name: 'CR' }],
      }),
    ).charges_usage;
    expect([entry?.amount_cents, entry?.pricing_unit_details]).toEqual([
      15000,
      { amount_cents: 30000, short_name: 'CR', conversion_rate: '0.5' },
    ]);
  });
});

describe('estimate-and-usage.md §3.2 errors', () => {
  const base = usage([charge(calls, 'standard', { amount: '1' })], '2025-07-03T10:00:00Z');

  it("a pending, terminated or canceled subscription, or another customer's -> no_active_subscription", () => {
    const cases = [
      subscription('2025-01-01T00:00:00Z', { started_at: null, status: 'pending' }),
      subscription('2025-01-01T00:00:00Z', {
        status: 'terminated',
        terminated_at: '2025-07-03T12:00:00Z',
      }),
      subscription('2025-01-01T00:00:00Z', { status: 'canceled' }),
      subscription('2025-01-01T00:00:00Z', { terminated_at: '2025-06-30T00:00:00Z' }),
      subscription('2025-01-01T00:00:00Z', { external_customer_id: 'cust_2' }),
    ];
    expect(cases.map((s) => leftOf(currentUsage({ ...base, subscription: s })).code)).toEqual(
      Array(5).fill('no_active_subscription'),
    );
  });

  it('a charge whose billable_metric_code contradicts its svc_billable_metric_id -> an error naming both values', () => {
    const storage = metric('storage', 'sum_agg');
    const contradicting = charge(
      calls,
      'standard',
      { amount: '1' },
      { billable_metric_code: 'storage' },
    );
    const error = leftOf(
      currentUsage({ ...base, plan: plan([contradicting]), billableMetrics: [calls, storage] }),
    );
    expect([error.code, error.path]).toEqual([
      'invalid_input',
      ['plan', 'charges', '0', 'billable_metric_code'],
    ]);
    expect(error.message).toContain('"storage"');
    expect(error.message).toContain(calls.svc_id);
  });

  it('a charge whose metric is not given -> unknown_billable_metric at the charge', () => {
    const error = leftOf(currentUsage({ ...base, billableMetrics: [] }));
    expect([error.code, error.path]).toEqual([
      'unknown_billable_metric',
      ['plan', 'charges', '0', 'billable_metric_code'],
    ]);
  });

  it('currentUsageUnsafe throws an Error whose cause is the FeecastError', () => {
    expect(() => currentUsageUnsafe({ ...base, now: 'tomorrow' })).toThrow(/invalid_timestamp/);
    expect(currentUsageUnsafe(base).customer_usage.amount_cents).toBe(0);
  });
});
