/**
 * The worked figures of charge-models.md §2 (rounding and fee fields), §3 (pricing units),
 * §4 (min_amount_cents true-up), §15 (groups and filters) and §16 (prorated graduated), at the
 * fee level: the fees `chargeFees` builds, each decoded with the models' `Fee` codec.
 */
import { describe, expect, it } from 'vitest';
import { chargeFees } from '../../../src/fees/charge/index';
import {
  CHARGE_ID,
  CREDITS,
  cents,
  charge,
  event,
  events,
  feesOf,
  graduatedRanges,
  leftOf,
  MARCH,
  METRIC_ID,
  metric,
  period,
  SUBSCRIPTION,
  uuid,
} from './support';

const count = metric('count_agg');
const sum = metric('sum_agg');
const credits = (conversion_rate: string) => ({
  code: CREDITS.code,
  conversion_rate,
  svc_pricing_unit_id: CREDITS.svc_id,
  short_name: CREDITS.short_name,
});

describe('charge-models.md §2: from a model amount to fee fields', () => {
  it('§2 (charge_service_spec:949): graduated 0..∞ 0.01 + flat 0.01, 4 units -> 5 cents, unit 0.0125', () => {
    const [fee] = feesOf({
      charge: charge('graduated', graduatedRanges([[0, null, '0.01', '0.01']])),
      billableMetric: count,
      events: events(4),
    });
    expect(fee?.amount_cents).toBe(5);
    expect(fee?.precise_amount).toBe('0.05');
    expect(fee?.precise_unit_amount).toBe('0.0125');
    expect(fee?.units).toBe('4');
    expect(fee?.events_count).toBe(4);
  });

  it('§2 (charge_service_spec:2090): percentage rate 2, fixed 1, 2 units from 2 events -> 204 cents, unit 1.02', () => {
    const [fee] = feesOf({
      charge: charge('percentage', { rate: '2', fixed_amount: '1' }),
      billableMetric: sum,
      events: events(2, { v: '1' }),
    });
    expect([fee?.amount_cents, fee?.precise_amount, fee?.precise_unit_amount]).toEqual([
      204,
      '2.04',
      '1.02',
    ]);
    expect(fee?.amount_details).toMatchObject({
      units: '2',
      rate: '2',
      fixed_fee_total_amount: '2',
    });
  });

  it('§2 (charge_service_spec:2438): volume 0..∞ 2 + flat 10, 2 units -> 1400 cents, unit 7', () => {
    const [fee] = feesOf({
      charge: charge('volume', {
        volume_ranges: [{ from_value: 0, to_value: null, per_unit_amount: '2', flat_amount: '10' }],
      }),
      billableMetric: count,
      events: events(2),
    });
    expect([fee?.amount_cents, fee?.precise_unit_amount]).toEqual([1400, '7']);
  });

  it('§2 (dynamic_spec:67,120): 10.1 + 901.9 precise cents -> 912; per group 9.019 -> 902 and 0.101 -> 10', () => {
    const dynamic = charge('dynamic', {});
    const stream = [
      event(
        '2025-03-02T10:00:00Z',
        { v: '1', region: 'us' },
        { precise_total_amount_cents: '901.9' },
      ),
      event('2025-03-03T10:00:00Z', { v: '1', region: 'eu' }, { precise_total_amount_cents: 10.1 }),
    ];
    const [whole] = feesOf({ charge: dynamic, billableMetric: sum, events: stream });
    expect([whole?.amount_cents, whole?.precise_amount]).toEqual([912, '9.12']);
    const grouped = feesOf({
      charge: charge('dynamic', { pricing_group_keys: ['region'] }),
      billableMetric: sum,
      events: stream,
    });
    expect(grouped.map((f) => [f.item.grouped_by, f.amount_cents, f.precise_amount])).toEqual([
      [{ region: 'eu' }, 10, '0.101'],
      [{ region: 'us' }, 902, '9.019'],
    ]);
  });

  it('§2 (charge_service_spec:1678): 5 × 10.12345 = 50.61725 -> 5062 cents, precise 50.61725, unit 10.12345', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '10.12345' }),
      billableMetric: count,
      events: events(5),
    });
    expect(fee).toMatchObject({
      amount_cents: 5062,
      precise_amount: '50.61725',
      precise_total_amount: '50.61725',
      total_amount_cents: 5062,
      precise_unit_amount: '10.12345',
      sub_total_excluding_taxes_precise_amount_cents: '5061.725',
    });
  });

  it('§2 (charge_service_spec:1633): 1 × 10.12345 -> 1012 cents, precise cents 1012.345', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '10.12345' }),
      billableMetric: count,
      events: events(1),
    });
    expect([fee?.amount_cents, fee?.sub_total_excluding_taxes_precise_amount_cents]).toEqual([
      1012,
      '1012.345',
    ]);
  });

  it('§2 step 2: amount_cents rounds half away from zero to the minor unit (JPY 0, KWD 3 decimals)', () => {
    const fee = (amount: string, currency: string) =>
      feesOf({
        charge: charge('standard', { amount }),
        billableMetric: count,
        events: events(5),
        currency,
      })[0];
    // 5 × 0.5 = 2.5 JPY -> 3 yen; 5 × 0.2469 = 1.2345 KWD -> 1.235 -> 1235 fils.
    expect([fee('0.5', 'JPY')?.amount_cents, fee('0.5', 'JPY')?.precise_amount]).toEqual([
      3,
      '2.5',
    ]);
    expect(fee('0.2469', 'KWD')?.amount_cents).toBe(1235);
    expect(fee('0.2469', 'KWD')?.sub_total_excluding_taxes_precise_amount_cents).toBe('1234.5');
  });

  it('§2 step 5 / §8 (package_service_spec:33): 121 units, size 10, amount 100 -> 1300, unit 1300/121 kept to 15 decimals', () => {
    const [fee] = feesOf({
      charge: charge('package', { amount: '100', package_size: 10, free_units: 0 }),
      billableMetric: sum,
      events: [event('2025-03-02T10:00:00Z', { v: '121' })],
    });
    expect([fee?.amount_cents, fee?.precise_unit_amount]).toEqual([130000, '10.743801652892562']);
    expect(fee?.amount_details).toEqual({
      free_units: '0',
      paid_units: '121',
      per_package_size: 10,
      per_package_unit_amount: '100',
    });
  });

  it('§2.1 step 1 (charge_service_spec:1518): negative units zero the fee but keep the negative details', () => {
    const [fee] = feesOf({
      charge: charge('graduated', graduatedRanges([[0, null, '2', '1']])),
      billableMetric: sum,
      events: [event('2025-03-02T10:00:00Z', { v: '-3' })],
    });
    expect([fee?.amount_cents, fee?.units, fee?.precise_unit_amount]).toEqual([0, '0', '0']);
    expect(fee?.amount_details?.graduated_ranges?.[0]).toMatchObject({
      units: '-3',
      per_unit_total_amount: '-6',
      total_with_flat_amount: '-5',
    });
  });

  it('§2.8: in current usage a charge without usage still shows a zero fee', () => {
    const fees = feesOf({
      charge: charge('standard', { amount: '3' }),
      billableMetric: count,
      events: [],
    });
    expect(fees.map((f) => [f.units, f.amount_cents, f.events_count])).toEqual([['0', 0, 0]]);
  });

  it('§2.8: on an invoice, fees with no units, no amount and no events are dropped', () => {
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '3' },
        {
          filters: [{ values: { cloud: ['aws'] }, properties: { amount: '5' } }],
        },
      ),
      billableMetric: metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] }),
      events: events(2, { cloud: 'gcp' }),
      purpose: 'invoice',
    });
    expect(fees.map((f) => [f.item.filters, f.amount_cents])).toEqual([[null, 600]]);
  });

  it('§2.8 / estimate-and-usage §3.4: a graduated charge without usage bills its first flat fee', () => {
    const fees = feesOf({
      charge: charge('graduated', graduatedRanges([[0, null, '1', '100']])),
      billableMetric: count,
      events: [],
      purpose: 'invoice',
    });
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([['0', 10000]]);
  });
});

describe('charge-models.md §2.6: units shown on the fee', () => {
  // aggregations.md §1.8: 10 units carried from December, +31 on Jan 31 -> 10·31/31 + 31·1/31 = 11.
  const seats = metric('sum_agg', { recurring: true });
  const january = period('2025-01-01', '2025-01-31', 31);
  const stream = [
    event('2024-12-10T08:00:00Z', { v: '10' }),
    event('2025-01-31T12:00:00Z', { v: '31' }),
  ];
  const prorated = charge('standard', { amount: '1' }, { prorated: true });

  it('§2.6: a prorated charge prices the prorated units and shows the full units (41)', () => {
    for (const purpose of ['usage', 'invoice'] as const) {
      const [fee] = feesOf({
        charge: prorated,
        billableMetric: seats,
        events: stream,
        period: january,
        purpose,
      });
      expect([fee?.amount_cents, fee?.units, fee?.total_aggregated_units]).toEqual([
        1100,
        '41',
        '41',
      ]);
    }
  });

  it('§1.5: the unit amount of a prorated charge divides by the full units (11 / 41)', () => {
    const [fee] = feesOf({
      charge: prorated,
      billableMetric: seats,
      events: stream,
      period: january,
    });
    expect(fee?.precise_unit_amount).toBe('0.268292682926829');
  });

  it('§2.6: current usage of a prorated charge shows current units clamped at 0', () => {
    const [fee] = feesOf({
      charge: prorated,
      billableMetric: seats,
      events: [event('2025-01-31T12:00:00Z', { v: '-31' })],
      period: january,
    });
    expect([fee?.units, fee?.amount_cents]).toEqual(['0', 0]);
  });
});

describe('charge-models.md §3: pricing units', () => {
  it('§3 (charge_service_spec:1081,1098): standard 20 PU × 1 unit at 0.25 -> 2000 PU cents -> 500 cents', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '20' }, { applied_pricing_unit: credits('0.25') }),
      billableMetric: count,
      events: events(1),
    });
    expect(fee?.amount_cents).toBe(500);
    expect(fee?.pricing_unit_details).toEqual({
      svc_pricing_unit_id: CREDITS.svc_id,
      pricing_unit_code: 'credits',
      short_name: 'CR',
      amount_cents: 2000,
      precise_amount_cents: '2000',
      unit_amount_cents: 2000,
      precise_unit_amount: '20',
      conversion_rate: '0.25',
    });
  });

  it('§3 (charge_service_spec:2293): graduated 0.01/0.01 × 2 at rate 2 -> 3 PU cents -> 6 cents; unit 0.015 -> 1 PU cent (truncated) -> 0.02', () => {
    const [fee] = feesOf({
      charge: charge('graduated', graduatedRanges([[0, null, '0.01', '0.01']]), {
        applied_pricing_unit: { code: 'credits', conversion_rate: '2' },
      }),
      billableMetric: count,
      events: events(2),
      pricing_units: [CREDITS],
    });
    expect(fee?.pricing_unit_details).toMatchObject({
      amount_cents: 3,
      precise_amount_cents: '3',
      unit_amount_cents: 1,
      precise_unit_amount: '0.015',
    });
    expect([fee?.amount_cents, fee?.precise_amount, fee?.precise_unit_amount]).toEqual([
      6,
      '0.06',
      '0.02',
    ]);
  });

  it('§3 (current_usage/pricing_unit_spec:37): 300 units × 1.0 PU at 0.5 -> 30000 PU cents, 15000 EUR cents', () => {
    const [fee] = feesOf({
      charge: charge('standard', { amount: '1.0' }, { applied_pricing_unit: credits('0.5') }),
      billableMetric: sum,
      events: [event('2025-03-02T10:00:00Z', { v: '300' })],
    });
    expect([fee?.pricing_unit_details?.amount_cents, fee?.amount_cents]).toEqual([30000, 15000]);
  });

  it('§3: a pricing unit without an id is a Left that says where to give it', () => {
    const error = leftOf(
      chargeFees({
        charge: charge(
          'standard',
          { amount: '1' },
          {
            applied_pricing_unit: { code: 'x', conversion_rate: '1' },
          },
        ),
        billableMetric: count,
        events: [],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.path).toEqual(['charge', 'applied_pricing_unit', 'svc_pricing_unit_id']);
  });
});

describe('charge-models.md §4: min_amount_cents true-up', () => {
  const minimum = (amount: string, more = {}) =>
    charge('standard', { amount }, { min_amount_cents: 1000, ...more });

  it('§4 (create_true_up_service_spec:57): min 1000, used 700, 31/31 days -> 300 cents, precise 300, unit 3', () => {
    const fees = feesOf({
      charge: minimum('7'),
      billableMetric: count,
      events: events(1),
      purpose: 'invoice',
      subscription: SUBSCRIPTION,
    });
    expect(cents(fees)).toEqual([700, 300]);
    const trueUp = fees[1];
    expect(trueUp).toMatchObject({
      units: '1',
      total_aggregated_units: '1',
      events_count: 0,
      precise_amount: '3',
      precise_unit_amount: '3',
      sub_total_excluding_taxes_precise_amount_cents: '300',
      svc_charge_id: CHARGE_ID,
      svc_charge_filter_id: null,
      svc_subscription_id: SUBSCRIPTION.svc_id,
    });
    expect(trueUp?.item.svc_item_id).toBe(METRIC_ID);
  });

  it('§4 (create_true_up_service_spec:148): 15 of 31 days, used 200 -> 1000/31×15 − 200 -> 284', () => {
    const fees = feesOf({
      charge: minimum('2'),
      billableMetric: count,
      events: [event('2025-03-20T10:00:00Z')],
      period: period('2025-03-17', '2025-03-31', 31),
      purpose: 'invoice',
    });
    expect(cents(fees)).toEqual([200, 284]);
    // Exact decimals; the reference's Float gives 283.8709677419355 (docs/semantics.md).
    expect(fees[1]?.sub_total_excluding_taxes_precise_amount_cents).toBe('283.870967741935484');
  });

  it('§4 (create_true_up_service_spec:94): pricing unit at 0.25 -> 300 PU cents -> 75 EUR cents, precise unit 0.75', () => {
    const fees = feesOf({
      charge: minimum('7', { applied_pricing_unit: credits('0.25') }),
      billableMetric: count,
      events: events(1),
      purpose: 'invoice',
    });
    expect(fees.map((f) => f.pricing_unit_details?.amount_cents)).toEqual([700, 300]);
    expect([fees[1]?.amount_cents, fees[1]?.precise_unit_amount]).toEqual([75, '0.75']);
  });

  it('§4 (charge_service_spec:1448): no usage, 17 of 31 days -> fees 0 and 548 (precise 548.387..., unit 5.4838...)', () => {
    const fees = feesOf({
      charge: minimum('7'),
      billableMetric: count,
      events: [],
      period: period('2025-03-15', '2025-03-31', 31),
      purpose: 'invoice',
    });
    // The zero fee stays: it is the true-up's parent (§2.8).
    expect(cents(fees)).toEqual([0, 548]);
    expect(fees[1]?.sub_total_excluding_taxes_precise_amount_cents).toBe('548.387096774193548');
    expect(fees[1]?.precise_unit_amount).toBe('5.483870967741935');
  });

  it('§4: one day less after an upgrade (16 of 31 days, used 200 -> 316.129... -> 316)', () => {
    const fees = feesOf({
      charge: minimum('2'),
      billableMetric: count,
      events: events(1),
      period: period('2025-03-01', '2025-03-17', 31),
      purpose: 'invoice',
      terminated_by_upgrade: true,
    });
    expect(cents(fees)).toEqual([200, 316]);
  });

  it('§4: the true-up counts every bucket of the charge and links to the default bucket fee', () => {
    const ids = [uuid(101), uuid(102), uuid(103)];
    let next = 0;
    const fees = feesOf({
      charge: minimum('1', {
        filters: [{ svc_id: uuid(90), values: { cloud: ['aws'] }, properties: { amount: '2' } }],
      }),
      billableMetric: metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] }),
      events: [...events(2, { cloud: 'aws' }), ...events(3, { cloud: 'gcp' })],
      purpose: 'invoice',
      feeId: () => ids[next++] ?? '',
    });
    expect(cents(fees)).toEqual([400, 300, 300]);
    expect(fees.map((f) => f.svc_id)).toEqual(ids);
    expect(fees[1]?.svc_true_up_fee_id).toBe(ids[2]);
    expect(fees[2]?.svc_true_up_parent_fee_id).toBe(ids[1]);
    expect(fees[2]?.item.filters).toBeNull();
  });

  it('§4: no true-up in current usage, nor when the minimum is reached', () => {
    expect(
      cents(feesOf({ charge: minimum('7'), billableMetric: count, events: events(1) })),
    ).toEqual([700]);
    expect(
      cents(
        feesOf({
          charge: minimum('7'),
          billableMetric: count,
          events: events(2),
          purpose: 'invoice',
        }),
      ),
    ).toEqual([1400]);
  });
});

describe('charge-models.md §15: pricing groups and charge filters', () => {
  it('§15 (grouped_service_spec:56): standard 5.12345, groups of 10 and 20 units -> 51.2345 and 102.469', () => {
    const fees = feesOf({
      charge: charge('standard', { amount: '5.12345', pricing_group_keys: ['region'] }),
      billableMetric: sum,
      events: [
        event('2025-03-02T10:00:00Z', { v: '10', region: 'eu' }),
        event('2025-03-02T10:00:00Z', { v: '20', region: 'us' }),
      ],
    });
    expect(fees.map((f) => [f.item.grouped_by, f.precise_amount, f.amount_cents])).toEqual([
      [{ region: 'eu' }, '51.2345', 5123],
      [{ region: 'us' }, '102.469', 10247],
    ]);
  });

  it('§15 (charge_service_spec:297): standard 20 grouped by cloud, aws 15 / gcp 10 -> 300.00 / 200.00', () => {
    const fees = feesOf({
      charge: charge('standard', { amount: '20', grouped_by: ['cloud'] }),
      billableMetric: sum,
      events: [
        event('2025-03-02T10:00:00Z', { v: '15', cloud: 'aws' }),
        event('2025-03-03T10:00:00Z', { v: '10', cloud: 'gcp' }),
      ],
    });
    expect(fees.map((f) => [f.item.grouped_by, f.amount_cents])).toEqual([
      [{ cloud: 'aws' }, 30000],
      [{ cloud: 'gcp' }, 20000],
    ]);
  });

  const clouds = metric('sum_agg', {
    filters: [{ key: 'cloud', values: ['aws', 'gcp', 'azure'] }],
  });

  it('§15 / §7 (standard_spec:116): filters aws 100 × 0.08 = 800 cents, gcp 200 × 0.10 = 2000, default bucket last', () => {
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '0' },
        {
          filters: [
            {
              svc_id: uuid(11),
              values: { cloud: ['aws'] },
              properties: { amount: '0.08' },
              invoice_display_name: 'AWS',
            },
            { svc_id: uuid(12), values: { cloud: ['gcp'] }, properties: { amount: '0.10' } },
          ],
        },
      ),
      billableMetric: clouds,
      events: [
        event('2025-03-02T10:00:00Z', { v: '100', cloud: 'aws' }),
        event('2025-03-02T11:00:00Z', { v: '200', cloud: 'gcp' }),
      ],
    });
    expect(
      fees.map((f) => [
        f.svc_charge_filter_id,
        f.item.filter_invoice_display_name,
        f.item.filters,
        f.amount_cents,
      ]),
    ).toEqual([
      [uuid(11), 'AWS', { cloud: ['aws'] }, 800],
      [uuid(12), 'gcp', { cloud: ['gcp'] }, 2000],
      [null, null, null, 0],
    ]);
  });

  it('estimate-and-usage §3.8: 3 aws at 10 + 1 google at 20, default price 0 -> 3000 and 2000', () => {
    const cloud = metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'google'] }] });
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '0' },
        {
          filters: [
            { values: { cloud: ['aws'] }, properties: { amount: '10' } },
            { values: { cloud: ['google'] }, properties: { amount: '20' } },
          ],
        },
      ),
      billableMetric: cloud,
      events: [...events(3, { cloud: 'aws' }), ...events(1, { cloud: 'google' })],
    });
    expect(cents(fees)).toEqual([3000, 2000, 0]);
  });

  it('§8 (charge_service_spec:1936): filter package 100, free 1, size 8, 2 units -> 100.00, unit 100', () => {
    const fees = feesOf({
      charge: charge(
        'package',
        { amount: '1', package_size: 1, free_units: 0 },
        {
          filters: [
            {
              values: { cloud: ['aws'] },
              properties: { amount: '100', free_units: 1, package_size: 8 },
            },
          ],
        },
      ),
      billableMetric: clouds,
      events: [event('2025-03-02T10:00:00Z', { v: '2', cloud: 'aws' })],
    });
    expect([fees[0]?.amount_cents, fees[0]?.precise_unit_amount]).toEqual([10000, '100']);
  });

  it("§15: a filter groups by its own pricing_group_keys, the default bucket by the charge's", () => {
    const fees = feesOf({
      charge: charge(
        'standard',
        { amount: '1', pricing_group_keys: ['region'] },
        {
          filters: [
            {
              values: { cloud: ['aws'] },
              properties: { amount: '2', pricing_group_keys: ['tier'] },
            },
          ],
        },
      ),
      billableMetric: clouds,
      events: [
        event('2025-03-02T10:00:00Z', { v: '1', cloud: 'aws', tier: 'a', region: 'eu' }),
        event('2025-03-02T10:00:00Z', { v: '2', cloud: 'aws', tier: 'b', region: 'eu' }),
        event('2025-03-02T10:00:00Z', { v: '4', cloud: 'gcp', tier: 'a', region: 'us' }),
      ],
    });
    expect(fees.map((f) => [f.item.filters, f.item.grouped_by, f.amount_cents])).toEqual([
      [{ cloud: ['aws'] }, { tier: 'a' }, 200],
      [{ cloud: ['aws'] }, { tier: 'b' }, 400],
      [null, { region: 'us' }, 400],
    ]);
  });

  it('estimate-and-usage §3.4: a grouped charge without events shows one all-null group of zeros', () => {
    const fees = feesOf({
      charge: charge('standard', { amount: '1', pricing_group_keys: ['region'] }),
      billableMetric: sum,
      events: [],
    });
    expect(fees.map((f) => [f.item.grouped_by, f.amount_cents])).toEqual([[{ region: null }, 0]]);
  });

  it('estimate-and-usage §2.12: the item names the metric, the charge display name and the filter', () => {
    const [fee] = feesOf({
      charge: charge(
        'standard',
        { amount: '1' },
        {
          invoice_display_name: 'Calls',
          filters: [{ values: { cloud: ['__ALL_FILTER_VALUES__'] }, properties: { amount: '1' } }],
        },
      ),
      billableMetric: { ...clouds, name: 'API calls', description: 'Calls to the API' },
      events: [event('2025-03-02T10:00:00Z', { v: '1', cloud: 'aws' })],
      subscription: SUBSCRIPTION,
    });
    expect(fee?.item).toEqual({
      type: 'charge',
      code: 'm',
      name: 'API calls',
      svc_item_id: METRIC_ID,
      item_type: 'BillableMetric',
      invoice_display_name: 'Calls',
      description: 'Calls to the API',
      filter_invoice_display_name: 'cloud',
      filters: { cloud: ['__ALL_FILTER_VALUES__'] },
      grouped_by: {},
    });
    expect(fee).toMatchObject({
      svc_id: null,
      svc_subscription_id: SUBSCRIPTION.svc_id,
      external_subscription_id: 'sub_ext',
      svc_customer_id: SUBSCRIPTION.svc_customer_id,
      external_customer_id: 'cust_ext',
      payment_status: 'pending',
      taxes_amount_cents: 0,
      taxes_rate: 0,
      precise_coupons_amount_cents: '0',
      pay_in_advance: false,
      invoiceable: true,
      from_date: MARCH.charges_from_datetime,
      to_date: MARCH.charges_to_datetime,
      applied_taxes: [],
    });
  });
});

describe('charge-models.md §16: prorated graduated (0..5 (10, flat 100), 6..∞ (5, flat 50))', () => {
  const tiers = graduatedRanges([
    [0, 5, '10', '100'],
    [6, null, '5', '50'],
  ]);
  const seats = metric('sum_agg', { recurring: true });
  // A 10-day charges period: an event on day 4 counts 7/10 of the period.
  const tenDays = period('2025-03-01', '2025-03-10', 10);

  it('§16 (prorated_graduated_service_spec:267): one event of 1 unit prorated to 0.7 -> 107', () => {
    const [fee] = feesOf({
      charge: charge('graduated', tiers, { prorated: true }),
      billableMetric: seats,
      events: [event('2025-03-04T10:00:00Z', { v: '1' })],
      period: tenDays,
    });
    expect([fee?.amount_cents, fee?.units, fee?.amount_details]).toEqual([10700, '1', {}]);
  });

  it('§16 (prorated_graduated_service_spec:223): events 5 then −100 -> 0 (final total negative)', () => {
    const [fee] = feesOf({
      charge: charge('graduated', tiers, { prorated: true }),
      billableMetric: seats,
      events: [
        event('2025-03-02T10:00:00Z', { v: '5' }),
        event('2025-03-05T10:00:00Z', { v: '-100' }),
      ],
      period: tenDays,
    });
    expect([fee?.amount_cents, fee?.units]).toEqual([0, '0']);
  });
});
