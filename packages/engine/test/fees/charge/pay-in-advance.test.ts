/**
 * Per-event pay-in-advance fees and their estimate (charge-models.md §3, §5; aggregations.md
 * §6.2; estimate-and-usage.md §2): every spec-asserted sequence at the fee level, units per §5,
 * and estimates equal to what billing charges.
 */
import { describe, expect, it } from 'vitest';
import { estimatePayInAdvanceFee, payInAdvanceFees } from '../../../src/fees/charge/index';
import {
  CHARGE_ID,
  CREDITS,
  cents,
  charge,
  estimateOf,
  event,
  feesOf,
  graduatedRanges,
  inAdvanceOf,
  leftOf,
  MARCH,
  metric,
  period,
  SUBSCRIPTION,
  uuid,
} from './support';

const count = metric('count_agg');
const sum = metric('sum_agg');
const inAdvance = (model: string, properties: unknown, extra = {}) =>
  charge(model, properties, { pay_in_advance: true, ...extra });

/** Sum events with values `values`, one a day from March 2nd. */
const daily = (values: readonly string[], more: Record<string, unknown> = {}) =>
  values.map((v, i) =>
    event(`2025-03-${String(i + 2).padStart(2, '0')}T10:00:00Z`, { v, ...more }),
  );

/** The precise amounts of fees, as decimal strings. */
const precise = (fees: readonly { precise_amount: string }[]) => fees.map((f) => f.precise_amount);

describe('charge-models.md §5 worked sequences (pay_in_advance_charges_spec)', () => {
  it('§5 (:706): graduated 0..5 (0.02, flat 0.01), 6..∞ (0.01, flat 0.01), events 3, 1, 2 -> 0.07, 0.02, 0.04', () => {
    const stream = daily(['3', '1', '2']);
    const fees = inAdvanceOf({
      charge: inAdvance(
        'graduated',
        graduatedRanges([
          [0, 5, '0.02', '0.01'],
          [6, null, '0.01', '0.01'],
        ]),
      ),
      billableMetric: sum,
      events: stream,
      subscription: SUBSCRIPTION,
    });
    expect(cents(fees)).toEqual([7, 2, 4]);
    expect(fees.map((f) => f.event_transaction_id)).toEqual(stream.map((e) => e.transaction_id));
    expect(fees[0]).toMatchObject({
      units: '3',
      total_aggregated_units: '3',
      events_count: 1,
      pay_in_advance: true,
      svc_id: null,
      svc_charge_id: CHARGE_ID,
      svc_subscription_id: SUBSCRIPTION.svc_id,
      amount_details: {},
      precise_unit_amount: '0.023333333333333',
    });
  });

  it('§5 / §8 (:609): package amount 100, free 3, size 2, events 3, 1, 2 -> 0, 100, 100', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('package', { amount: '100', free_units: 3, package_size: 2 }),
      billableMetric: sum,
      events: daily(['3', '1', '2']),
    });
    expect(cents(fees)).toEqual([0, 10000, 10000]);
  });

  it('§5 (:96): graduated count_agg 0..2 free, 3..∞ 2.00, three events in one second -> 0, 0, 2.00', () => {
    const fees = inAdvanceOf({
      charge: inAdvance(
        'graduated',
        graduatedRanges([
          [0, 2, '0', '0'],
          [3, null, '2', '0'],
        ]),
      ),
      billableMetric: count,
      events: [1, 2, 3].map(() => event('2025-03-02T10:00:00Z')),
    });
    expect(cents(fees)).toEqual([0, 0, 200]);
  });

  it('§5 (:820): percentage rate 5, fixed 1, free_units_per_events 2, events 8, 5, 3 -> 0, 0, 1.15 with details', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('percentage', { rate: '5', fixed_amount: '1', free_units_per_events: 2 }),
      billableMetric: sum,
      events: daily(['8', '5', '3']),
    });
    expect(cents(fees)).toEqual([0, 0, 115]);
    expect(fees[2]?.amount_details).toEqual({
      units: '3',
      free_units: '0',
      paid_units: '3',
      free_events: 0,
      paid_events: 1,
      rate: '5',
      per_unit_total_amount: '0.15',
      fixed_fee_unit_amount: '1',
      fixed_fee_total_amount: '1',
      min_max_adjustment_total_amount: '0',
    });
  });

  it('§5 (:944): percentage rate 5, fixed 1, free total 120, events 100, 10, 20, 20 -> 0, 0, 1.50, 2.00', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('percentage', {
        rate: '5',
        fixed_amount: '1',
        free_units_per_total_aggregation: '120',
      }),
      billableMetric: sum,
      events: daily(['100', '10', '20', '20']),
    });
    expect(cents(fees)).toEqual([0, 0, 150, 200]);
  });

  it('§5 (:1228): percentage rate 5, fixed 1, free total 3, events 5, 1 -> 1.10, 1.05', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('percentage', {
        rate: '5',
        fixed_amount: '1',
        free_units_per_total_aggregation: '3',
      }),
      billableMetric: sum,
      events: daily(['5', '1']),
    });
    expect(cents(fees)).toEqual([110, 105]);
  });

  it('§5 (:1451): graduated_percentage 0..100 20% flat 10, 101..200 30% flat 7, 201..∞ 40% flat 5, events 50, 100, 300 -> 20, 32, 120', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('graduated_percentage', {
        graduated_percentage_ranges: [
          { from_value: 0, to_value: 100, rate: '20', flat_amount: '10' },
          { from_value: 101, to_value: 200, rate: '30', flat_amount: '7' },
          { from_value: 201, to_value: null, rate: '40', flat_amount: '5' },
        ],
      }),
      billableMetric: sum,
      events: daily(['50', '100', '300']),
    });
    expect(cents(fees)).toEqual([2000, 3200, 12000]);
    expect(fees[1]?.amount_details?.graduated_percentage_ranges?.length).toBe(2);
  });

  it('§5 (:1107): premium min/max rate 1, fixed 0.5, min 1.75, max 2, events 100, 1000, 10000 -> 1.75, 2, 2', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('percentage', {
        rate: '1',
        fixed_amount: '0.5',
        per_transaction_min_amount: '1.75',
        per_transaction_max_amount: '2',
      }),
      billableMetric: sum,
      events: daily(['100', '1000', '10000']),
    });
    expect(cents(fees)).toEqual([175, 200, 200]);
  });

  it('§5 / §13 (:1306): dynamic, events with 1234.56 and 2.1 precise cents -> 1235 and 2 cents', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('dynamic', {}),
      billableMetric: sum,
      events: [
        event('2025-03-02T10:00:00Z', { v: '1' }, { precise_total_amount_cents: '1234.56' }),
        event('2025-03-03T10:00:00Z', { v: '1' }, { precise_total_amount_cents: '2.1' }),
      ],
    });
    expect(cents(fees)).toEqual([1235, 2]);
    expect(precise(fees)).toEqual(['12.3456', '0.021']);
  });

  it('§7 (:15): count metric, standard 10 -> 10.00 per event', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('standard', { amount: '10' }),
      billableMetric: count,
      events: daily(['1', '1']),
    });
    expect(cents(fees)).toEqual([1000, 1000]);
  });
});

describe('charge-models.md §5 units; aggregations.md §6.2 high-water mark', () => {
  it('§5 (:374): sum events 10, −4, 8 bill 10, 0 (units 0), 4 units', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('standard', { amount: '1' }),
      billableMetric: sum,
      events: daily(['10', '-4', '8']),
    });
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([
      ['10', 1000],
      ['0', 0],
      ['4', 400],
    ]);
  });

  it('§6.2: +10, −4, +3, +5 bill 10, 0, 0, 4; the +3 under the mark shows its own 3 units', () => {
    const fees = inAdvanceOf({
      charge: inAdvance('standard', { amount: '1' }),
      billableMetric: sum,
      events: daily(['10', '-4', '3', '5']),
    });
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([
      ['10', 1000],
      ['0', 0],
      ['3', 0],
      ['4', 400],
    ]);
  });

  it('aggregations.md §17 (:164): re-adding a removed unique value shows 1 unit but 0 amount', () => {
    const users = metric('unique_count_agg');
    const fees = inAdvanceOf({
      charge: inAdvance('standard', { amount: '1' }),
      billableMetric: users,
      events: [
        event('2025-03-02T10:00:00Z', { v: 'u1' }),
        event('2025-03-03T10:00:00Z', { v: 'u1', operation_type: 'remove' }),
        event('2025-03-04T10:00:00Z', { v: 'u1' }),
        event('2025-03-05T10:00:00Z', { v: 'u1' }),
      ],
    });
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([
      ['1', 100],
      ['0', 0],
      ['1', 0],
      ['0', 0],
    ]);
  });

  it("§15 (:472,542): an event uses its filter's properties, else the charge's, in its own group", () => {
    // The filter sets no pricing group keys: it groups by the charge's.
    const clouds = metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] });
    const fees = inAdvanceOf({
      charge: inAdvance(
        'standard',
        { amount: '1', pricing_group_keys: ['region'] },
        {
          filters: [{ svc_id: uuid(21), values: { cloud: ['aws'] }, properties: { amount: '5' } }],
        },
      ),
      billableMetric: clouds,
      events: [
        event('2025-03-02T10:00:00Z', { cloud: 'aws', region: 'eu' }),
        event('2025-03-03T10:00:00Z', { cloud: 'gcp', region: 'us' }),
      ],
    });
    expect(fees.map((f) => [f.svc_charge_filter_id, f.item.grouped_by, f.amount_cents])).toEqual([
      [uuid(21), { region: 'eu' }, 500],
      [null, { region: 'us' }, 100],
    ]);
  });

  it('§3 (create_pay_in_advance_service_spec:493): 10 PU cents at 0.5 -> 5 cents; unit 0.0111 -> 1 PU cent -> 0.005 -> 0', () => {
    // One package of 0.10 PU for an event of 9 units: 0.10 / 9 = 0.0111 PU per unit.
    const [fee] = inAdvanceOf({
      charge: inAdvance(
        'package',
        { amount: '0.1', package_size: 10, free_units: 0 },
        {
          applied_pricing_unit: { code: 'credits', conversion_rate: '0.5' },
        },
      ),
      billableMetric: sum,
      events: daily(['9']),
      pricing_units: [CREDITS],
    });
    expect(fee?.pricing_unit_details).toMatchObject({ amount_cents: 10, unit_amount_cents: 1 });
    expect([fee?.amount_cents, fee?.precise_unit_amount]).toEqual([5, '0.005']);
  });
});

describe('estimate-and-usage.md §2: the fee of an event not stored yet', () => {
  const september = period('2025-09-01', '2025-09-30', 30);

  it('§2.13 A: count metric, standard 10: 1000 cents with no usage, 1000 again after one event', () => {
    const standard = inAdvance('standard', { amount: '10' });
    const first = estimateOf({
      charge: standard,
      billableMetric: count,
      events: [],
      event: event('2025-03-02T00:00:00Z'),
    });
    expect([first.amount_cents, first.units, first.events_count]).toEqual([1000, '1', 1]);
    const second = estimateOf({
      charge: standard,
      billableMetric: count,
      events: [event('2025-03-03T00:00:00Z')],
      event: event('2025-03-04T00:00:00Z', {}, { transaction_id: 'estimated' }),
    });
    expect([second.amount_cents, second.event_transaction_id]).toEqual([1000, 'estimated']);
  });

  it('§2.13 B: percentage 0.0555 % + fixed 2, value 1000 -> 2.555 -> 256 cents', () => {
    const fee = estimateOf({
      charge: inAdvance('percentage', { rate: '0.0555', fixed_amount: '2' }),
      billableMetric: sum,
      events: [],
      event: event('2025-03-02T00:00:00Z', { v: '1000' }),
    });
    expect([fee.amount_cents, fee.precise_amount]).toEqual([256, '2.555']);
  });

  it('§2.13 C: graduated [0–10: 2 + flat 100], [11–∞: 1 + flat 50]: first event 102.00 (deviation), 11th 51.00', () => {
    const tiers = inAdvance(
      'graduated',
      graduatedRanges([
        [0, 10, '2', '100'],
        [11, null, '1', '50'],
      ]),
    );
    // feecast charges what billing charges: the first-tier flat fee with the first event.
    const first = estimateOf({
      charge: tiers,
      billableMetric: count,
      events: [],
      event: event('2025-03-02T00:00:00Z'),
    });
    expect(first.amount_cents).toBe(10200);
    const eleventh = estimateOf({
      charge: tiers,
      billableMetric: count,
      events: Array.from({ length: 10 }, () => event('2025-03-02T00:00:00Z')),
      event: event('2025-03-03T00:00:00Z'),
    });
    expect(eleventh.amount_cents).toBe(5100);
  });

  it('§2.13 D: +10 then −5 stored; +2 -> 0 cents with units 2; +8 -> 3000 cents with units 3', () => {
    const stored = daily(['10', '-5']);
    const standard = inAdvance('standard', { amount: '10' });
    const under = estimateOf({
      charge: standard,
      billableMetric: sum,
      events: stored,
      event: event('2025-03-10T00:00:00Z', { v: '2' }),
    });
    expect([under.amount_cents, under.units]).toEqual([0, '2']);
    const over = estimateOf({
      charge: standard,
      billableMetric: sum,
      events: stored,
      event: event('2025-03-10T00:00:00Z', { v: '8' }),
    });
    expect([over.amount_cents, over.units]).toEqual([3000, '3']);
  });

  it('§2.9 (estimate_events_spec:447-509): prorated standard, sum 4 at 10 on Sep 2 -> 3867, on Sep 4 -> 3600', () => {
    const seats = metric('sum_agg', { recurring: true });
    const prorated = inAdvance('standard', { amount: '10' }, { prorated: true });
    const on = (day: string) =>
      estimateOf({
        charge: prorated,
        billableMetric: seats,
        events: [],
        event: event(`2025-09-${day}T00:00:00Z`, { v: '4' }),
        period: september,
      });
    expect([on('02').amount_cents, on('02').units]).toEqual([3867, '4']);
    expect(on('04').amount_cents).toBe(3600);
  });

  it('§2.9 (estimate_events_spec:695-783): prorated unique count at 10 -> 967 on Sep 2, 867 on Sep 5', () => {
    const users = metric('unique_count_agg', { recurring: true });
    const prorated = inAdvance('standard', { amount: '10' }, { prorated: true });
    const on = (day: string) =>
      estimateOf({
        charge: prorated,
        billableMetric: users,
        events: [],
        event: event(`2025-09-${day}T00:00:00Z`, { v: 'user' }),
        period: september,
      }).amount_cents;
    expect([on('02'), on('05')]).toEqual([967, 867]);
  });

  it('§2.9 (estimate_events_spec:258-317): rate 0.5 %, min 12: value 4 -> 1200; after 4, value 20000 -> 10000', () => {
    const minimum = inAdvance('percentage', { rate: '0.5', per_transaction_min_amount: '12' });
    const first = estimateOf({
      charge: minimum,
      billableMetric: sum,
      events: [],
      event: event('2025-03-02T00:00:00Z', { v: '4' }),
    });
    const second = estimateOf({
      charge: minimum,
      billableMetric: sum,
      events: daily(['4']),
      event: event('2025-03-05T00:00:00Z', { v: '20000' }),
    });
    expect([first.amount_cents, second.amount_cents]).toEqual([1200, 10000]);
  });

  it('§2.9 (estimate_events_spec:382-443): rate 50, 1 free event: first value 4 -> 0, second -> 200', () => {
    const free = inAdvance('percentage', { rate: '50', free_units_per_events: 1 });
    const first = estimateOf({
      charge: free,
      billableMetric: sum,
      events: [],
      event: event('2025-03-02T00:00:00Z', { v: '4' }),
    });
    const second = estimateOf({
      charge: free,
      billableMetric: sum,
      events: daily(['4']),
      event: event('2025-03-05T00:00:00Z', { v: '4' }),
    });
    expect([first.amount_cents, second.amount_cents]).toEqual([0, 200]);
  });

  it("§2.9 (estimate_events_spec:194-256): dynamic estimate equals the request's precise cents (200, 12000)", () => {
    const dynamic = inAdvance('dynamic', {});
    const estimate = (cents: string) =>
      estimateOf({
        charge: dynamic,
        billableMetric: sum,
        events: [event('2025-03-02T00:00:00Z', { v: '1' }, { precise_total_amount_cents: '999' })],
        event: event('2025-03-05T00:00:00Z', { v: '1' }, { precise_total_amount_cents: cents }),
      }).amount_cents;
    expect([estimate('200'), estimate('12000')]).toEqual([200, 12000]);
  });

  it('§2.6: the estimate is priced in the filter bucket and group of the event', () => {
    const clouds = metric('count_agg', { filters: [{ key: 'cloud', values: ['aws', 'gcp'] }] });
    const fee = estimateOf({
      charge: inAdvance(
        'graduated',
        graduatedRanges([
          [0, 1, '0', '0'],
          [2, null, '3', '0'],
        ]),
        {
          filters: [
            {
              svc_id: uuid(31),
              values: { cloud: ['aws'] },
              properties: { amount: '7', pricing_group_keys: ['region'] },
            },
          ],
          charge_model: 'standard',
          properties: { amount: '1' },
        },
      ),
      billableMetric: clouds,
      events: [event('2025-03-02T00:00:00Z', { cloud: 'aws', region: 'eu' })],
      event: event('2025-03-03T00:00:00Z', { cloud: 'aws', region: 'us' }),
    });
    expect([fee.svc_charge_filter_id, fee.item.grouped_by, fee.amount_cents]).toEqual([
      uuid(31),
      { region: 'us' },
      700,
    ]);
  });

  it('an estimate equals the fee billing charges for that event', () => {
    const tiers = inAdvance(
      'graduated',
      graduatedRanges([
        [0, 5, '0.02', '0.01'],
        [6, null, '0.01', '0.01'],
      ]),
    );
    const stream = daily(['3', '1', '2']);
    const billed = inAdvanceOf({ charge: tiers, billableMetric: sum, events: stream });
    stream.forEach((e, i) => {
      const estimate = estimateOf({
        charge: tiers,
        billableMetric: sum,
        events: stream.slice(0, i),
        event: e,
      });
      expect(estimate).toEqual(billed[i]);
    });
  });

  it('an event that would be left out is a Left saying why', () => {
    const input = {
      charge: inAdvance('standard', { amount: '1' }),
      billableMetric: sum,
      period: MARCH,
      currency: 'EUR',
    };
    const stored = event('2025-03-02T00:00:00Z', { v: '1' });
    const bad = leftOf(
      estimatePayInAdvanceFee({
        ...input,
        events: [],
        event: event('2025-03-02T00:00:00Z', { v: 'x' }),
      }),
    );
    expect([bad.path, bad.details]).toEqual([['event'], { reason: 'invalid_value' }]);
    const duplicate = leftOf(
      estimatePayInAdvanceFee({ ...input, events: [stored], event: stored }),
    );
    expect(duplicate.details).toEqual({ reason: 'duplicate_transaction_id' });
    const other = leftOf(
      estimatePayInAdvanceFee({ ...input, events: [], event: { ...stored, code: 'other' } }),
    );
    expect(other.path).toEqual(['event', 'code']);
  });

  it('refuses a volume charge and a metric that cannot be paid in advance', () => {
    const volume = leftOf(
      payInAdvanceFees({
        charge: inAdvance('volume', {
          volume_ranges: [
            { from_value: 0, to_value: null, per_unit_amount: '1', flat_amount: '0' },
          ],
        }),
        billableMetric: sum,
        events: [],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect(volume.path).toEqual(['charge', 'charge_model']);
    const max = leftOf(
      payInAdvanceFees({
        charge: inAdvance('standard', { amount: '1' }),
        billableMetric: metric('max_agg'),
        events: [],
        period: MARCH,
        currency: 'EUR',
      }),
    );
    expect(max.path).toEqual(['charge', 'pay_in_advance']);
  });
});

describe('estimate-and-usage.md §3.5: current usage of pay-in-advance charges', () => {
  it('unique count at 1: add seat_1 -> 1 unit 100; remove -> 0 units, 100; add seat_2 -> 1 unit, 100', () => {
    const users = metric('unique_count_agg');
    const seat1 = event('2025-03-02T10:00:00Z', { v: 'seat_1' });
    const removed = event('2025-03-03T10:00:00Z', { v: 'seat_1', operation_type: 'remove' });
    const seat2 = event('2025-03-04T10:00:00Z', { v: 'seat_2' });
    const usage = (stream: ReturnType<typeof event>[]) =>
      feesOf({
        charge: inAdvance('standard', { amount: '1' }),
        billableMetric: users,
        events: stream,
      }).map((f) => [f.units, f.amount_cents]);
    expect(usage([seat1])).toEqual([['1', 100]]);
    expect(usage([seat1, removed])).toEqual([['0', 100]]);
    expect(usage([seat1, removed, seat2])).toEqual([['1', 100]]);
  });

  it('prorated recurring sum at 29, February 2024: +10 on the 6th -> 24000; −5 -> units 5, 24000; +2 -> units 7, 24000', () => {
    const seats = metric('sum_agg', { recurring: true });
    const february = period('2024-02-01', '2024-02-29', 29);
    const plus10 = event('2024-02-06T00:00:00Z', { v: '10' });
    const minus5 = event('2024-02-10T00:00:00Z', { v: '-5' });
    const plus2 = event('2024-02-12T00:00:00Z', { v: '2' });
    const usage = (stream: ReturnType<typeof event>[]) =>
      feesOf({
        charge: inAdvance('standard', { amount: '29' }, { prorated: true }),
        billableMetric: seats,
        events: stream,
        period: february,
      }).map((f) => [f.units, f.amount_cents]);
    expect(usage([plus10])).toEqual([['10', 24000]]);
    expect(usage([plus10, minus5])).toEqual([['5', 24000]]);
    expect(usage([plus10, minus5, plus2])).toEqual([['7', 24000]]);
  });

  it('prorated unique count at 1: a seat added 2024-02-23 in a 29-day February -> 7/29 -> 24 cents, 1 unit', () => {
    const users = metric('unique_count_agg', { recurring: true });
    const [fee] = feesOf({
      charge: inAdvance('standard', { amount: '1' }, { prorated: true }),
      billableMetric: users,
      events: [event('2024-02-23T00:00:00Z', { v: 'seat' })],
      period: period('2024-02-01', '2024-02-29', 29),
    });
    expect([fee?.units, fee?.amount_cents]).toEqual(['1', 24]);
  });
});
