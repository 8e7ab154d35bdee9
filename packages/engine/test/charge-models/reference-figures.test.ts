/**
 * Every worked figure of charge-models.md §6-§16 (and the model side of §2), each test naming
 * its section. Where feecast deliberately differs, the test says so and asserts feecast's figure
 * (see docs/semantics.md).
 */
import { describe, expect, it } from 'vitest';
import { applyChargeModel } from '../../src/charge-models/index';
import {
  amountOf,
  eventsContext,
  graduated,
  graduatedPercentage,
  leftOf,
  packageCharge,
  percentage,
  priced,
  type RangeRow,
  rounded,
  standard,
  units,
  volume,
} from './support';

describe('charge-models.md §7 standard', () => {
  it('§7: 10 × 5.12345 = 51.2345, unit amount 5.12345', () => {
    expect(priced(standard('5.12345'), units('10'))).toEqual({
      amount: '51.2345',
      unit_amount: '5.12345',
      amount_details: {},
    });
  });
  it('§7: with full_units_number 100 the unit amount is 0.512345', () => {
    expect(priced(standard('5.12345'), units('10', { full_units_number: '100' })).unit_amount).toBe(
      '0.512345',
    );
  });
  it.each([
    ['§7 fixed charge: 10 × 10 = 100', '10', '10', '100'],
    ['§7 scenario: 4 events × 12.5 = 50 (5000 cents)', '12.5', '4', '50'],
    ['§7 filter aws: 100 × 0.08 = 8 (800 cents)', '0.08', '100', '8'],
    ['§7 filter gcp: 200 × 0.10 = 20 (2000 cents)', '0.10', '200', '20'],
    ['§7: 5 × 10.12345 = 50.61725 (5062 cents)', '10.12345', '5', '50.61725'],
    ['§7 edge: 0 units -> 0', '3', '0', '0'],
    ['§7 edge: negative units -> negative amount (the fee guard zeroes it, §2.1)', '2', '-3', '-6'],
  ])('%s', (_name, amount, quantity, expected) => {
    expect(amountOf(standard(amount), units(quantity))).toBe(expected);
  });
  it('§7: 0 units -> unit amount 0', () => {
    expect(priced(standard('3'), units('0')).unit_amount).toBe('0');
  });
});

describe('charge-models.md §8 package', () => {
  it('§8: 121 units, size 10, amount 100 -> 13 packages = 1300, unit 1300/121 = 10.74', () => {
    const result = priced(packageCharge('100', 10, 0), units('121'));
    expect(result.amount).toBe('1300');
    expect(rounded(result.unit_amount, 2)).toBe('10.74');
    expect(result.amount_details).toEqual({
      free_units: '0',
      paid_units: '121',
      per_package_size: 10,
      per_package_unit_amount: '100',
    });
  });
  it('§8: free 10 -> 111 paid -> 12 packages = 1200, unit 1200/111 = 10.81', () => {
    const result = priced(packageCharge('100', 10, 10), units('121'));
    expect(result.amount).toBe('1200');
    expect(rounded(result.unit_amount, 2)).toBe('10.81');
    expect(result.amount_details.paid_units).toBe('111');
  });
  it('§8: free 200 -> 0; paid units "0", free units as configured, unit amount 0', () => {
    expect(priced(packageCharge('100', 10, 200), units('121'))).toEqual({
      amount: '0',
      unit_amount: '0',
      amount_details: {
        free_units: '200',
        paid_units: '0',
        per_package_size: 10,
        per_package_unit_amount: '100',
      },
    });
  });
  it.each([
    ['§8: 5 units, free 1, size 2, amount 10 -> 2 packages = 20', '10', 2, 1, '5', '20'],
    ['§8 scenario size 10 amount 100: 3 units -> 100.00', '100', 10, 0, '3', '100'],
    ['§8 scenario size 10 amount 100: 15 units -> 200.00', '100', 10, 0, '15', '200'],
    ['§8 scenario free 5: 3 units -> 0', '100', 10, 5, '3', '0'],
    ['§8 scenario free 5: 12 units -> 100.00', '100', 10, 5, '12', '100'],
    ['§8 edge: fractional paid units 10.5 with size 10 -> 2 packages', '100', 10, 0, '10.5', '200'],
    ['§8 edge: exactly 0 paid units -> 0 packages', '100', 10, 5, '5', '0'],
    ['§8 edge: negative units -> 0, never negative', '100', 10, 0, '-4', '0'],
  ])('%s', (_name, amount, size, free, quantity, expected) => {
    expect(amountOf(packageCharge(amount, size, free), units(quantity))).toBe(expected);
  });
  it('§8 / §1.5: filter amount 100, free 1, size 8 with 2 units -> 100.00, unit 100 (÷ 1 paid unit)', () => {
    const result = priced(packageCharge('100', 8, 1), units('2'));
    expect([result.amount, result.unit_amount]).toEqual(['100', '100']);
  });
  it('§8 deviation (18.5): zero units report the configured free units and package size', () => {
    expect(priced(packageCharge('100', 10, 3), units('0')).amount_details).toEqual({
      free_units: '3',
      paid_units: '0',
      per_package_size: 10,
      per_package_unit_amount: '100',
    });
  });
});

const TIERS: readonly RangeRow[] = [
  [0, 10, '10', '2'],
  [11, 20, '5', '3'],
  [21, null, '5', '3'],
];

describe('charge-models.md §9 graduated', () => {
  it.each([
    ['§9: 0 units -> the first flat amount 2', '0', '2'],
    ['§9: 1 unit -> 12', '1', '12'],
    ['§9: 10 units (on the boundary, no next flat) -> 102', '10', '102'],
    ['§9: 11 units -> 102 + 8 = 110', '11', '110'],
    ['§9: 12 units -> 115', '12', '115'],
    ['§9: 21 units -> 102 + 53 + 8 = 163', '21', '163'],
    [
      '§9: a fractional total between ranges (10.5) puts 0.5 units in the second range',
      '10.5',
      '107.5',
    ],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(graduated(TIERS), units(quantity))).toBe(expected);
  });
  it('§9: 12 units -> unit amount 115 / 12 = 9.58333', () => {
    expect(rounded(priced(graduated(TIERS), units('12')).unit_amount, 5)).toBe('9.58333');
  });
  it('§9 / §2.1: details list the reached ranges only, with their units and totals', () => {
    expect(priced(graduated(TIERS), units('12')).amount_details).toEqual({
      graduated_ranges: [
        {
          from_value: 0,
          to_value: 10,
          units: '10',
          flat_unit_amount: '2',
          per_unit_amount: '10',
          per_unit_total_amount: '100',
          total_with_flat_amount: '102',
        },
        {
          from_value: 11,
          to_value: 20,
          units: '2',
          flat_unit_amount: '3',
          per_unit_amount: '5',
          per_unit_total_amount: '10',
          total_with_flat_amount: '13',
        },
      ],
    });
  });
  it('§9: a range holding 0 units reports per_unit_amount 0', () => {
    expect(priced(graduated(TIERS), units('0')).amount_details.graduated_ranges).toEqual([
      {
        from_value: 0,
        to_value: 10,
        units: '0',
        flat_unit_amount: '2',
        per_unit_amount: '0',
        per_unit_total_amount: '0',
        total_with_flat_amount: '2',
      },
    ]);
  });
  const adjacent: RangeRow[] = [
    [0, 0.1, '10', '0'],
    [0.1, 1, '5', '0'],
    [1, null, '2', '0'],
  ];
  it('§9 adjacent ranges: 0.05 -> 0.5', () => {
    expect(amountOf(graduated(adjacent), units('0.05'))).toBe('0.5');
  });
  it('§9 adjacent ranges: 0.5 -> 0.1 × 10 + 0.4 × 5 = 3.0', () => {
    expect(amountOf(graduated(adjacent), units('0.5'))).toBe('3');
  });
  const freeStart: RangeRow[] = [
    [0, 0.01, '0', '0'],
    [0.01, 10, '10', '2'],
    [11, null, '5', '0'],
  ];
  it('§9: 0..0.01 free, 0.01..10 (10, flat 2), 11..null with 0 units -> 0 (no flat fee at zero usage)', () => {
    expect(amountOf(graduated(freeStart), units('0'))).toBe('0');
  });
  it('§18.10 deviation: mixed adjacent and +1 ranges count 5 units as 0.01 + 4.99 (reference: 0.01 + 5.99)', () => {
    const details = priced(graduated(freeStart), units('5')).amount_details.graduated_ranges ?? [];
    expect(details.map((range) => range.units)).toEqual(['0.01', '4.99']);
    expect(amountOf(graduated(freeStart), units('5'))).toBe('51.9');
  });
  const scenario: RangeRow[] = [
    [0, 5, '10', '100'],
    [6, null, '5', '50'],
  ];
  it.each([
    ['§9 scenario: 3 units -> 130.00', '3', '130'],
    ['§9 scenario: 8 units -> 150 + 65 = 215.00', '8', '215'],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(graduated(scenario), units(quantity))).toBe(expected);
  });
  it('§9: 0..2 (2), 3..null (3) with 5 units -> 4 + 9 = 13', () => {
    expect(
      amountOf(
        graduated([
          [0, 2, '2', '0'],
          [3, null, '3', '0'],
        ]),
        units('5'),
      ),
    ).toBe('13');
  });
  it('§9 edge: negative units -> only the first range, negative units × per unit + flat', () => {
    const result = priced(graduated(TIERS), units('-3'));
    expect(result.amount).toBe('-28');
    expect(result.amount_details.graduated_ranges?.map((range) => range.units)).toEqual(['-3']);
  });
  it('§9 exclude flag (§5): 0 units before the first pay-in-advance event cost 0', () => {
    expect(amountOf(graduated(TIERS), units('0', { exclude_event: true }))).toBe('0');
  });
});

const PERCENT_TIERS: readonly RangeRow[] = [
  [0, 10, '1', '200'],
  [11, 20, '2', '300'],
  [21, null, '3', '400'],
];

describe('charge-models.md §10 graduated_percentage', () => {
  it.each([
    ['§10: 0 units -> 200', '0', '200'],
    ['§10: 1 unit -> 200.01', '1', '200.01'],
    ['§10: 10 units -> 200.1', '10', '200.1'],
    ['§10: 11 units -> 500.12', '11', '500.12'],
    ['§10: 12 units -> 500.14', '12', '500.14'],
    ['§10: 21 units -> 900.33', '21', '900.33'],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(graduatedPercentage(PERCENT_TIERS), units(quantity))).toBe(expected);
  });
  it('§10: 10 units -> unit amount 20.01', () => {
    expect(priced(graduatedPercentage(PERCENT_TIERS), units('10')).unit_amount).toBe('20.01');
  });
  it('§10 range detail: 7..10 at 2.9 % flat 2 with 15 units -> 4 units, 0.116, 2.116', () => {
    const result = priced(
      graduatedPercentage([
        [0, 6, '0', '0'],
        [7, 10, '2.9', '2'],
        [11, null, '0', '0'],
      ]),
      units('15'),
    );
    expect(result.amount_details.graduated_percentage_ranges?.[1]).toEqual({
      from_value: 7,
      to_value: 10,
      units: '4',
      flat_unit_amount: '2',
      rate: '2.9',
      per_unit_total_amount: '0.116',
      total_with_flat_amount: '2.116',
    });
  });
  it('§10: 0..2 10 % flat 10, 3..null 20 % flat 20, 5 units -> 10.2 + 20.6 = 30.8', () => {
    const charge = graduatedPercentage([
      [0, 2, '10', '10'],
      [3, null, '20', '20'],
    ]);
    expect(amountOf(charge, units('5'))).toBe('30.8');
  });
  const scenario: RangeRow[] = [
    [0, 100, '5', '0'],
    [101, null, '2', '10'],
  ];
  it.each([
    ['§10 scenario: 50 -> 2.50', '50', '2.5'],
    ['§10 scenario: 150 -> 5 + 11 = 16.00', '150', '16'],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(graduatedPercentage(scenario), units(quantity))).toBe(expected);
  });
  it('§10 edge: negative units -> the first range only, with negative units', () => {
    const result = priced(graduatedPercentage(PERCENT_TIERS), units('-100'));
    expect(result.amount).toBe('199');
    expect(result.amount_details.graduated_percentage_ranges).toHaveLength(1);
  });
  it('§10 exclude flag: the 0-unit detail gets flat 0 and total 0', () => {
    const result = priced(graduatedPercentage(PERCENT_TIERS), units('0', { exclude_event: true }));
    expect(result.amount).toBe('0');
    expect(result.amount_details.graduated_percentage_ranges?.[0]).toMatchObject({
      flat_unit_amount: '0',
      total_with_flat_amount: '0',
    });
  });
  it('§18.10 deviation: adjacent decimal ranges are not over-counted', () => {
    const charge = graduatedPercentage([
      [0, 0.5, '10', '0'],
      [0.5, null, '20', '0'],
    ]);
    expect(
      priced(charge, units('1')).amount_details.graduated_percentage_ranges?.map((r) => r.units),
    ).toEqual(['0.5', '0.5']);
  });
});

const VOLUME: readonly RangeRow[] = [
  [0, 100, '2', '10'],
  [101, 200, '1', '0'],
  [201, null, '0.5', '50'],
];

describe('charge-models.md §11 volume', () => {
  it.each([
    ['§11: 0 units -> the first range flat fee 10', '0', '10'],
    ['§11: 1 unit -> 12', '1', '12'],
    ['§11: 100 units -> 210', '100', '210'],
    ['§11: 100.5 units go to the upper range -> 100.5', '100.5', '100.5'],
    ['§11: 101 units -> 101', '101', '101'],
    ['§11: 200 units -> 200', '200', '200'],
    ['§11: 300 units -> 150 + 50 = 200', '300', '200'],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(volume(VOLUME), units(quantity))).toBe(expected);
  });
  it('§11 prorated: 198.6 units with full 300 -> third range: 149.3, per_unit_amount 0.331, unit 0.50', () => {
    const result = priced(volume(VOLUME, true), units('198.6', { full_units_number: '300' }));
    expect(result.amount).toBe('149.3');
    expect(result.amount_details).toEqual({
      flat_unit_amount: '50',
      per_unit_amount: '0.331',
      per_unit_total_amount: '99.3',
    });
    expect(rounded(result.unit_amount, 2)).toBe('0.5');
  });
  it('§11: a charge that is not prorated picks the range with its units', () => {
    expect(amountOf(volume(VOLUME), units('198.6', { full_units_number: '300' }))).toBe('198.6');
  });
  it('§11 / §2: 0..∞ (2, flat 10) with 2 units -> 14, unit 7', () => {
    const result = priced(volume([[0, null, '2', '10']]), units('2'));
    expect([result.amount, result.unit_amount]).toEqual(['14', '7']);
  });
  it('§11 / 18.5: 0 units -> per_unit_amount 0', () => {
    expect(priced(volume(VOLUME), units('0')).amount_details.per_unit_amount).toBe('0');
  });
  const scenario: RangeRow[] = [
    [0, 10, '5', '100'],
    [11, null, '2', '50'],
  ];
  it.each([
    ['§11 scenario: 5 -> 125.00', '5', '125'],
    ['§11 scenario: 15 -> 80.00', '15', '80'],
  ])('%s', (_name, quantity, expected) => {
    expect(amountOf(volume(scenario), units(quantity))).toBe(expected);
  });
  it('§11: 0..2 (2), 3..null (3) with 5 units -> 15', () => {
    const charge = volume([
      [0, 2, '2', '0'],
      [3, null, '3', '0'],
    ]);
    expect(amountOf(charge, units('5'))).toBe('15');
  });
  it('§18.12 deviation: negative units take the first range (reference: no range, an error)', () => {
    expect(amountOf(volume(VOLUME), units('-10'))).toBe('-10');
  });
});

/** §12's unit-test events: 800 units from 4 events whose running total is [50, 150, 400, 800]. */
const EVENTS = ['50', '100', '250', '400'];
const base = { rate: '1.3', fixed_amount: '2.0' };

describe('charge-models.md §12 percentage', () => {
  it('§12: E = 3, T = 250 -> F 250, FE 2: 7.15 + 4 = 11.15, unit 0.0139375', () => {
    const result = priced(
      percentage({ ...base, free_units_per_events: 3, free_units_per_total_aggregation: '250' }),
      eventsContext(EVENTS),
    );
    expect([result.amount, result.unit_amount]).toEqual(['11.15', '0.0139375']);
    expect(result.amount_details).toEqual({
      units: '800',
      free_units: '250',
      paid_units: '550',
      free_events: 2,
      paid_events: 2,
      rate: '1.3',
      per_unit_total_amount: '7.15',
      fixed_fee_unit_amount: '2',
      fixed_fee_total_amount: '4',
      min_max_adjustment_total_amount: '0',
    });
  });
  it.each([
    ['§12: T = 250 only -> same 11.15', { free_units_per_total_aggregation: '250' }, '11.15'],
    ['§12: E = 3 only -> F 400, FE 3: 5.2 + 2 = 7.2', { free_units_per_events: 3 }, '7.2'],
    [
      '§12: E = 3, T = 500 -> F 400, FE 3 -> 7.2',
      { free_units_per_events: 3, free_units_per_total_aggregation: '500' },
      '7.2',
    ],
    ['§12: no free units -> 10.4 + 8 = 18.4', {}, '18.4'],
    ['§12: rate 0 -> 8', { rate: '0' }, '8'],
  ])('%s', (_name, properties, expected) => {
    expect(amountOf(percentage({ ...base, ...properties }), eventsContext(EVENTS))).toBe(expected);
  });
  it('§12: 0 units -> 0 (no fixed fee)', () => {
    expect(amountOf(percentage(base), units('0', { events_count: 4 }))).toBe('0');
  });
  it('§12: 4 units at 2.9 % -> 0.116', () => {
    expect(amountOf(percentage({ rate: '2.9' }), units('4'))).toBe('0.116');
  });
  it('§12 / §2: rate 2, fixed 1, 2 units from 2 events -> 0.04 + 2 = 2.04, unit 1.02', () => {
    const result = priced(
      percentage({ rate: '2', fixed_amount: '1' }),
      units('2', { events_count: 2 }),
    );
    expect([result.amount, result.unit_amount]).toEqual(['2.04', '1.02']);
  });
  it('§12 edge (derived): negative units with a fixed fee give a positive fixed part', () => {
    expect(
      amountOf(percentage({ rate: '1', fixed_amount: '2' }), units('-5', { events_count: 2 })),
    ).toBe('4');
  });
  it('§12 deviation: a count metric with both free settings frees min(E-th total, T) as sums do (reference: E units)', () => {
    const result = priced(
      percentage({ rate: '10', free_units_per_events: 3, free_units_per_total_aggregation: '2' }),
      eventsContext(['1', '1', '1', '1', '1']),
    );
    expect(result.amount_details).toMatchObject({ free_units: '2', free_events: 1 });
    expect(result.amount).toBe('0.3');
  });
  it('§12 edge: free units larger than the units -> percentage part 0, paid units 0, F reported', () => {
    const result = priced(
      percentage({ rate: '10', free_units_per_total_aggregation: '1000' }),
      eventsContext(['20', '30']),
    );
    expect(result.amount).toBe('0');
    expect(result.amount_details).toMatchObject({ free_units: '50', paid_units: '0' });
  });

  const MINMAX_EVENTS = ['10', '80', '10000'];
  const minMax = {
    rate: '2.99',
    per_transaction_min_amount: '1.75',
    per_transaction_max_amount: '12',
  };
  it('§12: without min/max, events 10, 80, 10000 at 2.99 % -> 301.691 (the reference without premium)', () => {
    expect(amountOf(percentage({ rate: '2.99' }), eventsContext(MINMAX_EVENTS))).toBe('301.691');
  });
  it('§12 / 18.1 deviation: min/max always apply (reference: premium only): 1.75 + 2.392 + 12 = 16.142', () => {
    const result = priced(percentage(minMax), eventsContext(MINMAX_EVENTS));
    expect(result.amount).toBe('16.142');
    expect(result.amount_details.min_max_adjustment_total_amount).toBe('-285.549');
  });
  it.each([
    ['§12: min/max with fixed 2.0 -> 18.691', { fixed_amount: '2.0' }, '18.691'],
    ['§12: min/max with E = 2 -> 12', { free_units_per_events: 2 }, '12'],
    [
      '§12: min/max with T = 30 -> 1.794 + 12 = 13.794',
      { free_units_per_total_aggregation: '30' },
      '13.794',
    ],
    [
      '§12: min/max with E = 3, T = 10000 -> 2.691',
      { free_units_per_events: 3, free_units_per_total_aggregation: '10000' },
      '2.691',
    ],
  ])('%s', (_name, properties, expected) => {
    expect(amountOf(percentage({ ...minMax, ...properties }), eventsContext(MINMAX_EVENTS))).toBe(
      expected,
    );
  });

  const scenario = { rate: '1', fixed_amount: '5' };
  it('§12 scenario: E = 3 with 4 events of 10 -> 5.10', () => {
    expect(
      amountOf(
        percentage({ ...scenario, free_units_per_events: 3 }),
        eventsContext(['10', '10', '10', '10']),
      ),
    ).toBe('5.1');
  });
  it('§12 scenario: T = 15 with events 4, 4, 4, 4 -> 5.01, then an event of 10 -> 10.11', () => {
    const charge = percentage({ ...scenario, free_units_per_total_aggregation: '15' });
    expect(amountOf(charge, eventsContext(['4', '4', '4', '4']))).toBe('5.01');
    expect(amountOf(charge, eventsContext(['4', '4', '4', '4', '10']))).toBe('10.11');
  });
  it('§12 scenario: E = 3, T = 15, events of 10 -> 5.05 then 10.15', () => {
    const charge = percentage({
      ...scenario,
      free_units_per_events: 3,
      free_units_per_total_aggregation: '15',
    });
    expect(amountOf(charge, eventsContext(['10', '10']))).toBe('5.05');
    expect(amountOf(charge, eventsContext(['10', '10', '10']))).toBe('10.15');
  });
  it('§12 scenario: min 1.75 / max 12 with fixed 1: events 100, 1000, 10000 -> 2.00, 13.00, 25.00', () => {
    const charge = percentage({
      rate: '1',
      fixed_amount: '1',
      per_transaction_min_amount: '1.75',
      per_transaction_max_amount: '12',
    });
    expect(
      [['100'], ['100', '1000'], ['100', '1000', '10000']].map((values) =>
        amountOf(charge, eventsContext(values)),
      ),
    ).toEqual(['2', '13', '25']);
  });
});

describe('charge-models.md §13 dynamic', () => {
  const dynamic = { charge_model: 'dynamic', properties: {} };
  it('§13: 20 units, 40.2 cents -> 0.402, unit 0.0201', () => {
    const result = priced(
      dynamic,
      units('20', { precise_total_amount_cents: '40.2', currency: 'EUR' }),
    );
    expect(result).toEqual({ amount: '0.402', unit_amount: '0.0201', amount_details: {} });
  });
  it('§13: 0 units -> 0 even if events carry amounts', () => {
    expect(
      amountOf(dynamic, units('0', { precise_total_amount_cents: '40.2', currency: 'EUR' })),
    ).toBe('0');
  });
  it('§13 / §2: 10.1 + 901.9 precise cents -> 9.12 EUR (912 cents)', () => {
    expect(
      amountOf(dynamic, units('2', { precise_total_amount_cents: '912', currency: 'EUR' })),
    ).toBe('9.12');
  });
  it("§13: the minor unit is the currency's (JPY has none)", () => {
    expect(
      amountOf(dynamic, units('1', { precise_total_amount_cents: '1234.5', currency: 'JPY' })),
    ).toBe('1234.5');
  });
});

describe('charge-models.md §14 custom', () => {
  const custom = { charge_model: 'custom', properties: { custom_properties: {} } };
  it('§14: amount 20, 10 units -> unit 2', () => {
    expect(priced(custom, units('10', { custom_amount: '20' }))).toEqual({
      amount: '20',
      unit_amount: '2',
      amount_details: {},
    });
  });
  it('§14 deviation: no custom amount -> a Left (reference: 0), since feecast runs no custom aggregator', () => {
    expect(leftOf(applyChargeModel(custom, units('10'))).code).toBe('unsupported_charge_model');
  });
});

describe('charge-models.md §15 pricing groups (each group is priced on its own)', () => {
  it('§15: standard 5.12345: group of 10 units -> 51.2345, group of 20 units -> 102.469', () => {
    expect([
      amountOf(standard('5.12345'), units('10')),
      amountOf(standard('5.12345'), units('20')),
    ]).toEqual(['51.2345', '102.469']);
  });
  it('§15: standard 20 grouped by cloud: aws 15 -> 300.00, gcp 10 -> 200.00', () => {
    expect([amountOf(standard('20'), units('15')), amountOf(standard('20'), units('10'))]).toEqual([
      '300',
      '200',
    ]);
  });
});

describe('charge-models.md §16 prorated graduated', () => {
  const TWO: RangeRow[] = [
    [0, 5, '10', '100'],
    [6, null, '5', '50'],
  ];
  const prorated = (
    rows: readonly RangeRow[],
    aggregation: string,
    full: readonly string[],
    shares: readonly string[],
  ) =>
    priced(graduated(rows, true), {
      units: aggregation,
      events_count: full.length,
      event_values: full,
      prorated_event_values: shares,
    });
  it('§16: full [5, 5, 10, -6], prorated [3.5, 2.66667, 2, -2.2] -> 197.33, unit 14.10', () => {
    const result = prorated(
      TWO,
      '5.96667',
      ['5', '5', '10', '-6'],
      ['3.5', '2.66667', '2', '-2.2'],
    );
    expect(result.amount).toBe('197.33335');
    expect(rounded(result.unit_amount, 2)).toBe('14.1');
    expect(result.amount_details).toEqual({});
  });
  it('§16: zero usage -> the first flat amount 100, unit 0', () => {
    const result = prorated(TWO, '0', [], []);
    expect([result.amount, result.unit_amount]).toEqual(['100', '0']);
  });
  it.each([
    [
      '§16: [2, 5, 10, -6] -> 184.33, unit 16.76',
      '3.86667',
      ['2', '5', '10', '-6'],
      ['1.4', '2.66667', '2', '-2.2'],
      '184.33',
      '16.76',
    ],
    [
      '§16 / 18.14: [1, 4, 1, -5, -1] -> 165.81 although the final total is 0',
      '1.613',
      ['1', '4', '1', '-5', '-1'],
      ['0.7097', '1.54839', '0.2258', '-0.80645', '-0.0645'],
      '165.81',
      '0',
    ],
    ['§16: [5, -2] -> 125, unit 41.67', '2.5', ['5', '-2'], ['3.5', '-1'], '125', '41.67'],
    [
      '§16: [4, 2, -3] -> 180.5, unit 60.17',
      '3.2',
      ['4', '2', '-3'],
      ['2.8', '1', '-0.6'],
      '180.5',
      '60.17',
    ],
    [
      '§16: [5, 2, -4, 10] -> 190, unit 14.62',
      '4.9',
      ['5', '2', '-4', '10'],
      ['3.5', '1', '-1.6', '2'],
      '190',
      '14.62',
    ],
    ['§16: [5, -100] -> 0', '-31.33', ['5', '-100'], ['2', '-33.33'], '0', '0'],
    ['§16: [4, -100] -> 0', '-31.73', ['4', '-100'], ['1.6', '-33.33'], '0', '0'],
    ['§16: one event 1 / 0.7 -> 107', '0.7', ['1'], ['0.7'], '107', '107'],
  ])('%s', (_name, aggregation, full, shares, amount, unit) => {
    const result = prorated(TWO, aggregation, full, shares);
    expect([rounded(result.amount, 2), rounded(result.unit_amount, 2)]).toEqual([amount, unit]);
  });
  it('§16: 0..1, 2..null with one event 1 / 0.7 -> 107, the second flat fee is not applied', () => {
    const rows: RangeRow[] = [
      [0, 1, '10', '100'],
      [2, null, '5', '50'],
    ];
    expect(prorated(rows, '0.7', ['1'], ['0.7']).amount).toBe('107');
  });
  const THREE: RangeRow[] = [
    [0, 5, '10', '100'],
    [6, 15, '5', '50'],
    [16, null, '2', '0'],
  ];
  it('§16: three ranges, [2, 5, 10, -6, 4, 60] -> 191.34 (ceil), unit 2.55', () => {
    const result = prorated(
      THREE,
      '6.36',
      ['2', '5', '10', '-6', '4', '60'],
      ['1.4', '2.5', '2', '-2.2', '0.667', '2'],
    );
    expect(rounded(result.amount, 10)).toBe('191.335');
    expect(rounded(result.unit_amount, 2)).toBe('2.55');
  });
  it('§16: three ranges, one event of 75 (not prorated) -> 50 + 100 + 50 + 50 + 120 = 370, unit 4.93', () => {
    const result = prorated(THREE, '75', ['75'], ['75']);
    expect(result.amount).toBe('370');
    expect(rounded(result.unit_amount, 2)).toBe('4.93');
  });
  it('§16: an event with prorated value 0 and a positive full value is skipped', () => {
    const result = prorated(TWO, '3.5', ['5', '100'], ['3.5', '0']);
    expect(result.amount).toBe('135');
  });
  it('§1.2: without per-event values a prorated graduated charge prices as plain graduated', () => {
    expect(amountOf(graduated(TWO, true), units('8'))).toBe('215');
  });
  it('§16: projected = amount ÷ period ratio', () => {
    const result = priced(graduated(TWO, true), {
      units: '0.7',
      events_count: 1,
      event_values: ['1'],
      prorated_event_values: ['0.7'],
      period_ratio: '0.5',
    });
    expect(result.projected_amount).toBe('214');
  });
});

describe('charge-models.md §6 projected units and amounts (derived examples)', () => {
  it('§6: standard 5.12345 with 10 units at ratio 0.5 -> 20 units, 102.469', () => {
    const result = priced(standard('5.12345'), units('10', { period_ratio: '0.5' }));
    expect([result.projected_units, result.projected_amount]).toEqual(['20', '102.469']);
  });
  it('§6: package size 10 amount 100 free 0 with 121 units at 0.5 -> 242 -> 25 packages -> 2500', () => {
    const result = priced(packageCharge('100', 10, 0), units('121', { period_ratio: '0.5' }));
    expect([result.projected_units, result.projected_amount]).toEqual(['242', '2500']);
  });
  it('§6: graduated_percentage amount 200.1 at ratio 0.5 -> 400.2 (flat fee doubled)', () => {
    const result = priced(graduatedPercentage(PERCENT_TIERS), units('10', { period_ratio: '0.5' }));
    expect(result.projected_amount).toBe('400.2');
  });
  it('§6: projected units round to 2 decimals half away from zero (10 / 0.3 -> 33.33)', () => {
    expect(priced(standard('1'), units('10', { period_ratio: '0.3' })).projected_units).toBe(
      '33.33',
    );
  });
  it('§6 / 18.13: a graduated projection of 0 units is 0, not the first flat fee', () => {
    expect(priced(graduated(TIERS), units('0', { period_ratio: '0.5' })).projected_amount).toBe(
      '0',
    );
  });
  it('§6: graduated walks the tiers with the projected units (6 -> 12 units: 102 + 13)', () => {
    expect(priced(graduated(TIERS), units('6', { period_ratio: '0.5' })).projected_amount).toBe(
      '115',
    );
  });
  it('§6: volume picks the range with the projected units (60 -> 120 units: 120 + 0)', () => {
    expect(priced(volume(VOLUME), units('60', { period_ratio: '0.5' })).projected_amount).toBe(
      '120',
    );
  });
  it('§6: ratio 0 -> projected units and amount 0', () => {
    const result = priced(standard('3'), units('10', { period_ratio: '0' }));
    expect([result.projected_units, result.projected_amount]).toEqual(['0', '0']);
  });
  it('§6: percentage and dynamic scale the amount with the ratio (18.4 / 0.25 = 73.6)', () => {
    expect(
      priced(percentage(base), eventsContext(EVENTS, { period_ratio: '0.25' })).projected_amount,
    ).toBe('73.6');
  });
  it('§6: no period_ratio -> no projected fields', () => {
    expect(Object.keys(priced(standard('3'), units('10')))).toEqual([
      'amount',
      'unit_amount',
      'amount_details',
    ]);
  });
});
