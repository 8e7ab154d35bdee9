/**
 * Issue 22 §1's worked example, checked by hand: two customers, three months (September to
 * November 2026), the plan they are on ("current": basic) and one candidate (scale).
 *
 * basic: 20.00 EUR a month in arrears; api_calls 0.01 each; seats 5.00 each.
 * scale: 50.00 EUR a month in arrears; api_calls graduated, the first 1,000 free, then 0.005
 *        each; seats 3.00 each.
 *
 * Usage (api_calls summed, seats counted as distinct users in the month):
 *   acme (since January):      Sep 1,500 calls, 2 seats | Oct 3,000, 3 | Nov 800, 1
 *   globex (since October 1st): Oct 200 calls, 4 seats   | Nov 9,000, 5
 *   (a globex event of September, before its start, is in no period.)
 *
 * Invoices, in cents (subscription + api_calls + seats):
 *   basic  acme   Sep 2000 + 1500 + 1000 = 4500   Oct 2000 + 3000 + 1500 = 6500
 *                 Nov 2000 +  800 +  500 = 3300   -> 14300
 *          globex Oct 2000 +  200 + 2000 = 4200   Nov 2000 + 9000 + 2500 = 13500 -> 17700
 *   scale  acme   Sep 5000 + (1500 − 1000) × 0.5 = 250 + 600 = 5850
 *                 Oct 5000 + 2000 × 0.5 = 1000 + 900 = 6900
 *                 Nov 5000 + 0 + 300 = 5300                                  -> 18050
 *          globex Oct 5000 + 0 + 1200 = 6200   Nov 5000 + 8000 × 0.5 = 4000 + 1500 = 10500 -> 16700
 * Deltas (scale − basic): acme 18050 − 14300 = +3750; globex 16700 − 17700 = −1000.
 */
import { describe, expect, it } from 'vitest';
import { type BacktestInput, backtest } from '../../../src/runtime';
import { leftOf, ok } from '../preview-invoice/builders';

const billableMetrics = [
  { code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'calls' },
  { code: 'seats', aggregation_type: 'unique_count_agg', field_name: 'user' },
];
const basic = {
  code: 'basic',
  interval: 'monthly',
  amount_cents: 2000,
  amount_currency: 'EUR',
  charges: [
    { billable_metric_code: 'api_calls', charge_model: 'standard', properties: { amount: '0.01' } },
    { billable_metric_code: 'seats', charge_model: 'standard', properties: { amount: '5' } },
  ],
};
const scale = {
  code: 'scale',
  interval: 'monthly',
  amount_cents: 5000,
  amount_currency: 'EUR',
  charges: [
    {
      billable_metric_code: 'api_calls',
      charge_model: 'graduated',
      properties: {
        graduated_ranges: [
          { from_value: 0, to_value: 1000, per_unit_amount: '0', flat_amount: '0' },
          { from_value: 1001, to_value: null, per_unit_amount: '0.005', flat_amount: '0' },
        ],
      },
    },
    { billable_metric_code: 'seats', charge_model: 'standard', properties: { amount: '3' } },
  ],
};
const acme = {
  customer: { external_id: 'acme' },
  subscription: { external_id: 'sub_acme', started_at: '2026-01-01T00:00:00Z' },
  plan: basic,
};
const globex = {
  customer: { external_id: 'globex' },
  subscription: { external_id: 'sub_globex', started_at: '2026-10-01T00:00:00Z' },
  plan: basic,
};
const subscriptions = [acme, globex];

let n = 0;
const call = (sub: string, day: string, calls: string) => ({
  transaction_id: `c${n++}`,
  external_subscription_id: sub,
  code: 'api_calls',
  timestamp: `2026-${day}T10:00:00Z`,
  properties: { calls },
});
const seat = (sub: string, day: string, user: string) => ({
  transaction_id: `s${n++}`,
  external_subscription_id: sub,
  code: 'seats',
  timestamp: `2026-${day}T10:00:00Z`,
  properties: { user },
});
const events = [
  call('sub_acme', '09-03', '1000'),
  seat('sub_acme', '09-04', 'u1'),
  call('sub_acme', '09-20', '500'),
  seat('sub_acme', '09-21', 'u2'),
  call('sub_globex', '09-25', '700'),
  call('sub_acme', '10-02', '2000'),
  seat('sub_acme', '10-02', 'u1'),
  seat('sub_acme', '10-03', 'u2'),
  seat('sub_acme', '10-04', 'u3'),
  call('sub_acme', '10-30', '1000'),
  call('sub_globex', '10-10', '200'),
  ...['g1', 'g2', 'g3', 'g4'].map((user) => seat('sub_globex', '10-11', user)),
  call('sub_acme', '11-15', '800'),
  seat('sub_acme', '11-15', 'u1'),
  call('sub_globex', '11-02', '9000'),
  ...['g1', 'g2', 'g3', 'g4', 'g5'].map((user) => seat('sub_globex', '11-12', user)),
];
const input = {
  plans: [scale],
  subscriptions,
  billableMetrics,
  events,
  from: '2026-09-01T00:00:00Z',
  to: '2026-12-01T00:00:00Z',
};

describe('backtest: the worked example', () => {
  const result = ok(backtest(input));

  it('gives one row per subscription, period and plan with the hand-checked invoices', () => {
    expect(
      result.rows.map((row) => [row.external_customer_id, row.plan, row.month, row.revenue_cents]),
    ).toEqual([
      ['acme', 'current', '2026-09', 4500],
      ['acme', 'current', '2026-10', 6500],
      ['acme', 'current', '2026-11', 3300],
      ['acme', 'scale', '2026-09', 5850],
      ['acme', 'scale', '2026-10', 6900],
      ['acme', 'scale', '2026-11', 5300],
      ['globex', 'current', '2026-10', 4200],
      ['globex', 'current', '2026-11', 13500],
      ['globex', 'scale', '2026-10', 6200],
      ['globex', 'scale', '2026-11', 10500],
    ]);
    // No taxes, coupons or credits: the total is the revenue.
    for (const row of result.rows) expect(row.total_amount_cents).toBe(row.revenue_cents);
    expect(result.rows[3]).toMatchObject({
      plan_code: 'scale',
      from_datetime: '2026-09-01T00:00:00Z',
      to_datetime: '2026-09-30T23:59:59Z',
      fees: [
        { kind: 'subscription', code: null, units: '1', amount_cents: 5000 },
        { kind: 'charge', code: 'api_calls', units: '1500', amount_cents: 250 },
        { kind: 'charge', code: 'seats', units: '2', amount_cents: 600 },
      ],
    });
  });

  it('sums revenue per plan per month', () => {
    // basic: Sep 4500; Oct 6500 + 4200 = 10700; Nov 3300 + 13500 = 16800.
    // scale: Sep 5850; Oct 6900 + 6200 = 13100; Nov 5300 + 10500 = 15800.
    expect(
      result.summary.revenue.map((m) => [m.plan, m.month, m.invoices, m.revenue_cents]),
    ).toEqual([
      ['current', '2026-09', 1, 4500],
      ['current', '2026-10', 2, 10700],
      ['current', '2026-11', 2, 16800],
      ['scale', '2026-09', 1, 5850],
      ['scale', '2026-10', 2, 13100],
      ['scale', '2026-11', 2, 15800],
    ]);
  });

  it("gives each customer's delta, their quantiles and the top movers", () => {
    const [deltas] = result.summary.deltas;
    expect(deltas).toMatchObject({
      plan: 'scale',
      currency: 'EUR',
      customers: 2,
      current_cents: 14300 + 17700,
      plan_cents: 18050 + 16700,
      delta_cents: 3750 - 1000,
      // Nearest rank over [−1000, 3750]: ranks ceil(q × 2) = 1 up to the median, 2 above.
      quantiles: {
        p0: -1000,
        p10: -1000,
        p25: -1000,
        p50: -1000,
        p75: 3750,
        p90: 3750,
        p100: 3750,
      },
      top_increases: [
        {
          external_customer_id: 'acme',
          current_cents: 14300,
          plan_cents: 18050,
          delta_cents: 3750,
        },
      ],
      top_decreases: [
        {
          external_customer_id: 'globex',
          current_cents: 17700,
          plan_cents: 16700,
          delta_cents: -1000,
        },
      ],
    });
  });

  it('gives each fee line’s contribution per plan', () => {
    // basic: 5 subscription fees of 2000; 14,500 calls × 1 cent; 15 seats × 500.
    // scale: 5 × 5000; api_calls 250 + 1000 + 0 + 0 + 4000; 15 seats × 300.
    expect(
      result.summary.contributions.map((c) => [c.plan, c.kind, c.code, c.units, c.amount_cents]),
    ).toEqual([
      ['current', 'subscription', null, '5', 10000],
      ['current', 'charge', 'api_calls', '14500', 14500],
      ['current', 'charge', 'seats', '15', 7500],
      ['scale', 'subscription', null, '5', 25000],
      ['scale', 'charge', 'api_calls', '14500', 5250],
      ['scale', 'charge', 'seats', '15', 4500],
    ]);
    expect(result.summary.events).toEqual({
      read: events.length,
      unassigned: 0,
      invalid_timestamp: 0,
      unreadable: 0,
    });
  });

  it('tells its progress: once the events are read, then after each of the 10 invoices', () => {
    const seen: string[] = [];
    ok(backtest({ ...input, onProgress: (p) => seen.push(`${p.priced}/${p.invoices}`) }));
    expect(seen).toEqual(Array.from({ length: 11 }, (_, i) => `${i}/10`));
  });

  it("carries a customer's coupon from one invoice to the next on each plan", () => {
    // A 50.00 EUR coupon used once over as many invoices as it takes: acme on basic pays
    // Sep 4500 − 4500 = 0 (500 left), Oct 6500 − 500 = 6000, Nov 3300; on scale,
    // Sep 5850 − 5000 = 850, then nothing left.
    const coupon = {
      coupon: {
        code: 'welcome',
        coupon_type: 'fixed_amount',
        amount_cents: 5000,
        amount_currency: 'EUR',
        frequency: 'once',
      },
      applied_coupon: { external_customer_id: 'acme' },
    };
    const withCoupon = ok(backtest({ ...input, coupons: [coupon] }));
    expect(
      withCoupon.rows
        .filter((row) => row.external_customer_id === 'acme')
        .map((row) => [row.plan, row.month, row.coupons_amount_cents, row.revenue_cents]),
    ).toEqual([
      ['current', '2026-09', 4500, 0],
      ['current', '2026-10', 500, 6000],
      ['current', '2026-11', 0, 3300],
      ['scale', '2026-09', 5000, 850],
      ['scale', '2026-10', 0, 6900],
      ['scale', '2026-11', 0, 5300],
    ]);
  });
});

describe('backtest: candidate plans of other periods', () => {
  // The runs of a subscription are found once for its plans whose periods are alike (basic
  // and scale: monthly); a quarterly plan has its own. Quarterly scale, calendar quarters:
  //   acme   Jul-Sep (from 1 September): 5000 + (1500 − 1000) × 0.5 + 2 × 300 = 5850
  //          Oct-Dec: 5000 + (3800 − 1000) × 0.5 + 3 seats (u1, u2, u3) × 300 = 7300
  //   globex Oct-Dec: 5000 + (9200 − 1000) × 0.5 + 5 seats × 300 = 10600
  const quarterly = { ...scale, code: 'scale_quarterly', interval: 'quarterly' };
  const result = ok(backtest({ ...input, plans: [scale, quarterly] }));

  it('gives each plan its own periods, with the hand-checked invoices', () => {
    expect(
      result.rows.map((row) => [
        row.external_customer_id,
        row.plan,
        row.from_datetime,
        row.to_datetime,
        row.revenue_cents,
      ]),
    ).toEqual([
      ['acme', 'current', '2026-09-01T00:00:00Z', '2026-09-30T23:59:59Z', 4500],
      ['acme', 'current', '2026-10-01T00:00:00Z', '2026-10-31T23:59:59Z', 6500],
      ['acme', 'current', '2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z', 3300],
      ['acme', 'scale', '2026-09-01T00:00:00Z', '2026-09-30T23:59:59Z', 5850],
      ['acme', 'scale', '2026-10-01T00:00:00Z', '2026-10-31T23:59:59Z', 6900],
      ['acme', 'scale', '2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z', 5300],
      ['acme', 'scale_quarterly', '2026-07-01T00:00:00Z', '2026-09-30T23:59:59Z', 5850],
      ['acme', 'scale_quarterly', '2026-10-01T00:00:00Z', '2026-12-31T23:59:59Z', 7300],
      ['globex', 'current', '2026-10-01T00:00:00Z', '2026-10-31T23:59:59Z', 4200],
      ['globex', 'current', '2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z', 13500],
      ['globex', 'scale', '2026-10-01T00:00:00Z', '2026-10-31T23:59:59Z', 6200],
      ['globex', 'scale', '2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z', 10500],
      ['globex', 'scale_quarterly', '2026-10-01T00:00:00Z', '2026-12-31T23:59:59Z', 10600],
    ]);
  });
});

describe('backtest: bad input', () => {
  /** An input as a caller might get it wrong: the types would refuse it. */
  const unchecked = (value: unknown) => backtest(value as BacktestInput);

  it('is a Left naming the field, never a throw', () => {
    expect(leftOf(backtest({ ...input, to: '2026-08-01T00:00:00Z' }))).toMatchObject({
      code: 'invalid_input',
      path: ['to'],
    });
    expect(leftOf(backtest({ ...input, plans: [scale, scale] })).path).toEqual([
      'plans',
      '1',
      'code',
    ]);
    const broken = {
      ...scale,
      charges: [{ billable_metric_code: 'seats', charge_model: 'nope', properties: {} }],
    };
    expect(leftOf(unchecked({ ...input, plans: [broken] })).path?.slice(0, 3)).toEqual([
      'plans',
      '0',
      'charges',
    ]);
    const weekly = { ...globex, subscription: { ...globex.subscription, billing_time: 'weekly' } };
    expect(leftOf(unchecked({ ...input, subscriptions: [acme, weekly] })).path).toEqual([
      'subscriptions',
      '1',
      'subscription',
      'billing_time',
    ]);
    expect(leftOf(unchecked({ ...input, coupons: [{ coupon: {} }] })).path).toEqual([
      'coupons',
      '0',
    ]);
  });
});
