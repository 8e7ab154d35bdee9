/**
 * `projectedUsage` (estimate-and-usage.md §4): the elapsed fraction (§4.2), the projection of
 * each model (§4.3), where projected figures appear (§4.4) and the worked example (§4.5).
 */
import { describe, expect, it } from 'vitest';
import { projectedUsage, projectedUsageUnsafe } from '../../src/operations/index';
import {
  charge,
  cloudCharge,
  customer,
  event,
  events,
  leftOf,
  metric,
  plan,
  projectedOf,
  ranges,
  subscription,
  tax,
  uuid,
} from './builders';

const calls = metric('api_calls', 'count_agg');

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

describe('estimate-and-usage.md §4.5 worked example', () => {
  it('graduated 0.01 + flat 0.01, 4 events, now 2025-07-03T10:00Z: current 5, total 6; projected 41.33 units -> 42 at charge and top level', () => {
    const body = projectedOf(
      usage(
        [charge(calls, 'graduated', ranges([[0, null, '0.01', '0.01']]))],
        '2025-07-03T10:00:00Z',
        {
          events: events(4, 'api_calls', '2025-07-02T10:00:00Z'),
          taxes: { billing_entity: [tax('vat', 20)] },
        },
      ),
    );
    expect([body.amount_cents, body.taxes_amount_cents, body.total_amount_cents]).toEqual([
      5, 1, 6,
    ]);
    expect([body.charges_usage[0]?.units, body.charges_usage[0]?.projected_units]).toEqual([
      '4',
      '41.33',
    ]);
    expect([body.charges_usage[0]?.projected_amount_cents, body.projected_amount_cents]).toEqual([
      42, 42,
    ]);
  });
});

describe('estimate-and-usage.md §4.2 the elapsed fraction', () => {
  const standard = charge(calls, 'standard', { amount: '1' });

  it('January, now 2025-01-11T00:00Z -> 11/31: 11 units project to 31', () => {
    const body = projectedOf(
      usage([standard], '2025-01-11T00:00:00Z', {
        events: events(11, 'api_calls', '2025-01-05T00:00:00Z'),
      }),
    );
    expect([body.charges_usage[0]?.projected_units, body.projected_amount_cents]).toEqual([
      '31',
      3100,
    ]);
  });

  it('the same in America/New_York (period 05:00Z to 04:59:59Z) -> 11/31', () => {
    const body = projectedOf({
      ...usage([standard], '2025-01-11T05:00:00Z', {
        events: events(11, 'api_calls', '2025-01-05T00:00:00Z'),
      }),
      customer: customer('America/New_York'),
    });
    expect([body.from_datetime, body.to_datetime, body.charges_usage[0]?.projected_units]).toEqual([
      '2025-01-01T05:00:00Z',
      '2025-02-01T04:59:59Z',
      '31',
    ]);
  });

  it('a 10-day period (started on the 22nd of a 31-day month) at day 5 00:00 -> 5/10', () => {
    const body = projectedOf({
      ...usage([standard], '2025-01-26T00:00:00Z', {
        events: events(3, 'api_calls', '2025-01-23T00:00:00Z'),
      }),
      subscription: subscription('2025-01-22T00:00:00Z'),
    });
    expect([
      body.charges_usage[0]?.projected_units,
      body.charges_usage[0]?.projected_amount_cents,
    ]).toEqual(['6', 600]);
  });
});

describe('estimate-and-usage.md §4.3 the projection of a charge', () => {
  it('a recurring metric projects its current units and amount (100 -> 100)', () => {
    const seats = metric('seats', 'sum_agg', { recurring: true });
    const [entry] = projectedOf(
      usage([charge(seats, 'standard', { amount: '1' })], '2025-07-03T10:00:00Z', {
        billableMetrics: [seats],
        events: [event('seats', '2025-06-10T00:00:00Z', { value: '100' })],
      }),
    ).charges_usage;
    expect([entry?.units, entry?.projected_units, entry?.projected_amount_cents]).toEqual([
      '100',
      '100',
      10000,
    ]);
  });

  it('projected amounts round to the currency exponent: 100.50 EUR -> 10050, 100.50 KWD -> 100500', () => {
    const gb = metric('gb', 'sum_agg');
    // 50.25 used at half the period: 100.50 projected.
    const at = (currency: string) =>
      projectedOf({
        ...usage([charge(gb, 'standard', { amount: '1' })], '2025-01-26T00:00:00Z', {
          billableMetrics: [gb],
          events: [event('gb', '2025-01-23T00:00:00Z', { value: '50.25' })],
        }),
        subscription: subscription('2025-01-22T00:00:00Z'),
        plan: plan([charge(gb, 'standard', { amount: '1' })], { amount_currency: currency }),
      }).projected_amount_cents;
    expect([at('EUR'), at('KWD')]).toEqual([10050, 100500]);
  });
});

describe('estimate-and-usage.md §4.4 where projected figures appear', () => {
  const { clouds, filtered } = cloudCharge([81, 82]);

  it('July at 3/31: aws 3 at 10 -> 31 units, 31000; google 1 at 20 -> 10.33 units, 20660 (units rounded before pricing)', () => {
    const [entry] = projectedOf(
      usage([filtered], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds],
        events: [
          ...events(3, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'aws' }),
          ...events(1, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'google' }),
        ],
      }),
    ).charges_usage;
    expect(
      entry?.filters.map((f) => [f.values, f.projected_units, f.projected_amount_cents]),
    ).toEqual([
      [{ cloud: ['aws'] }, '31', 31000],
      [{ cloud: ['google'] }, '10.33', 20660],
      [null, '0', 0],
    ]);
    expect([entry?.projected_units, entry?.projected_amount_cents]).toEqual(['41.33', 51660]);
  });

  it('§5.9 (deviation): the default bucket is projected too (reference: always 0)', () => {
    const [entry] = projectedOf(
      usage([filtered], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds],
        plan: plan([{ ...filtered, properties: { amount: '1' } }]),
        events: events(3, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'other' }),
      }),
    ).charges_usage;
    expect(entry?.filters.at(-1)).toMatchObject({
      values: null,
      units: '3',
      projected_units: '31',
      projected_amount_cents: 3100,
    });
  });

  it('§5.8 (deviation): the top-level projected amount is the sum over every charge, filter and group (an integer)', () => {
    const grouped = charge(calls, 'standard', { amount: '1', pricing_group_keys: ['region'] });
    const body = projectedOf(
      usage([filtered, grouped], '2025-07-03T10:00:00Z', {
        billableMetrics: [clouds, calls],
        events: [
          ...events(3, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'aws' }),
          ...events(1, 'clouds', '2025-07-02T10:00:00Z', { cloud: 'google' }),
          ...events(3, 'api_calls', '2025-07-02T10:00:00Z', { region: 'eu' }),
          ...events(6, 'api_calls', '2025-07-02T10:00:00Z', { region: 'us' }),
        ],
      }),
    );
    const groups = body.charges_usage.find(
      (e) => e.billable_metric.code === 'api_calls',
    )?.grouped_usage;
    expect(groups?.map((g) => [g.grouped_by, g.projected_units, g.projected_amount_cents])).toEqual(
      [
        [{ region: 'eu' }, '31', 3100],
        [{ region: 'us' }, '62', 6200],
      ],
    );
    expect(body.projected_amount_cents).toBe(31000 + 20660 + 3100 + 6200);
  });

  it('§5.12: projected entries carry total_aggregated_units (the specification lists it) and the pricing unit projection', () => {
    const credits = charge(
      calls,
      'standard',
      { amount: '2' },
      {
        applied_pricing_unit: { code: 'credits', conversion_rate: '0.5' },
      },
    );
    const [entry] = projectedOf(
      usage([credits], '2025-01-26T00:00:00Z', {
        subscription: subscription('2025-01-22T00:00:00Z'),
        events: events(3, 'api_calls', '2025-01-23T00:00:00Z'),
        pricingUnits: [{ svc_id: uuid(83), code: 'credits', short_name: 'CR' }],
      }),
    ).charges_usage;
    expect(entry).toMatchObject({
      total_aggregated_units: '3',
      amount_cents: 300,
      projected_amount_cents: 600,
      pricing_unit_details: {
        amount_cents: 600,
        projected_amount_cents: 1200,
        short_name: 'CR',
        conversion_rate: '0.5',
      },
    });
  });

  it('taxes apply to the current amount only', () => {
    const body = projectedOf(
      usage([charge(calls, 'standard', { amount: '10' })], '2025-01-26T00:00:00Z', {
        subscription: subscription('2025-01-22T00:00:00Z'),
        events: events(1, 'api_calls', '2025-01-23T00:00:00Z'),
        taxes: { customer: [tax('vat', 10)] },
      }),
    );
    expect([
      body.amount_cents,
      body.projected_amount_cents,
      body.taxes_amount_cents,
      body.total_amount_cents,
    ]).toEqual([1000, 2000, 100, 1100]);
  });
});

describe('projectedUsage errors', () => {
  it('a subscription that has not started -> no_active_subscription; projectedUsageUnsafe throws', () => {
    const input = {
      ...usage([charge(calls, 'standard', { amount: '1' })], '2025-07-03T10:00:00Z'),
      subscription: subscription('2025-08-01T00:00:00Z'),
    };
    expect(leftOf(projectedUsage(input)).code).toBe('no_active_subscription');
    expect(() => projectedUsageUnsafe(input)).toThrow(/no_active_subscription/);
  });
});
