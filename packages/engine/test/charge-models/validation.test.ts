/**
 * Invalid charges and contexts: each is a `Left` with a code, the path of the offending value
 * and a message saying what to write instead (charge-models.md §1.4 and the per-model rules).
 */
import { describe, expect, it } from 'vitest';
import { applyChargeModel, type ChargeModelInput } from '../../src/charge-models/index';
import { graduated, leftOf, type RangeRow, standard, units, volume } from './support';

interface Case {
  readonly name: string;
  readonly charge: ChargeModelInput;
  readonly path: readonly string[];
  readonly reference?: string;
  readonly message: RegExp;
}

const gradRanges = (ranges: unknown) => ({
  charge_model: 'graduated',
  properties: { graduated_ranges: ranges },
});

const range = (from_value: unknown, to_value: unknown, per_unit_amount: unknown = '1') => ({
  from_value,
  to_value,
  per_unit_amount,
  flat_amount: '0',
});

describe('invalid properties (§1.4)', () => {
  it.each<Case>([
    {
      name: 'standard without amount',
      charge: { charge_model: 'standard', properties: {} },
      path: ['properties', 'amount'],
      reference: 'invalid_amount',
      message: /amount is required/,
    },
    {
      name: 'an amount given as a JSON number (the reference refuses numbers)',
      charge: { charge_model: 'standard', properties: { amount: 2 } },
      path: ['properties', 'amount'],
      reference: 'invalid_amount',
      message: /decimal string >= 0.*the number 2/,
    },
    {
      name: 'a negative amount',
      charge: standard('-1'),
      path: ['properties', 'amount'],
      reference: 'invalid_amount',
      message: /decimal string >= 0/,
    },
    {
      name: 'a non-decimal amount string',
      charge: standard('1,5'),
      path: ['properties', 'amount'],
      reference: 'invalid_amount',
      message: /"1,5"/,
    },
    {
      name: 'package size 0',
      charge: {
        charge_model: 'package',
        properties: { amount: '1', package_size: 0, free_units: 0 },
      },
      path: ['properties', 'package_size'],
      reference: 'invalid_package_size',
      message: /whole number >= 1/,
    },
    {
      name: 'package size given as a string',
      charge: {
        charge_model: 'package',
        properties: { amount: '1', package_size: '10', free_units: 0 },
      },
      path: ['properties', 'package_size'],
      reference: 'invalid_package_size',
      message: /JSON number/,
    },
    {
      name: 'package without free_units (required)',
      charge: { charge_model: 'package', properties: { amount: '1', package_size: 10 } },
      path: ['properties', 'free_units'],
      reference: 'invalid_free_units',
      message: /whole number >= 0/,
    },
    {
      name: 'graduated without ranges',
      charge: gradRanges([]),
      path: ['properties', 'graduated_ranges'],
      reference: 'missing_graduated_ranges',
      message: /non-empty array/,
    },
    {
      name: 'a first range starting at 2',
      charge: gradRanges([range(2, null)]),
      path: ['properties', 'graduated_ranges', '0', 'from_value'],
      reference: 'invalid_graduated_ranges',
      message: /first range starts at 0 or 1/,
    },
    {
      name: 'a gap between decimal ranges (0..0.1, 0.5..null)',
      charge: gradRanges([range(0, 0.1), range(0.5, null)]),
      path: ['properties', 'graduated_ranges', '1', 'from_value'],
      reference: 'invalid_graduated_ranges',
      message: /use 0\.1 or 1\.1: ranges must follow each other without gap or overlap/,
    },
    {
      name: 'overlapping ranges (0..100, 90..100)',
      charge: gradRanges([range(0, 100), range(90, 100), range(101, null)]),
      path: ['properties', 'graduated_ranges', '1', 'from_value'],
      reference: 'invalid_graduated_ranges',
      message: /use 100 or 101/,
    },
    {
      name: 'unordered ranges',
      charge: gradRanges([range(0, 10), range(21, null), range(11, 20)]),
      path: ['properties', 'graduated_ranges', '1', 'from_value'],
      reference: 'invalid_graduated_ranges',
      message: /use 10 or 11/,
    },
    {
      name: 'a last range with a to_value',
      charge: gradRanges([range(0, 10), range(11, 20)]),
      path: ['properties', 'graduated_ranges', '1', 'to_value'],
      reference: 'invalid_graduated_ranges',
      message: /must be null: the last range is open-ended/,
    },
    {
      name: 'an open range before the last',
      charge: gradRanges([range(0, null), range(11, null)]),
      path: ['properties', 'graduated_ranges', '0', 'to_value'],
      reference: 'invalid_graduated_ranges',
      message: /JSON number >= 0/,
    },
    {
      name: 'a range whose to_value is not above its from_value',
      charge: gradRanges([range(0, 0), range(1, null)]),
      path: ['properties', 'graduated_ranges', '0', 'to_value'],
      reference: 'invalid_graduated_ranges',
      message: /greater than from_value/,
    },
    {
      name: 'a negative bound',
      charge: gradRanges([range(-1, null)]),
      path: ['properties', 'graduated_ranges', '0', 'from_value'],
      reference: 'invalid_graduated_ranges',
      message: /JSON number >= 0/,
    },
    {
      name: 'a range without per_unit_amount',
      charge: gradRanges([{ from_value: 0, to_value: null, flat_amount: '0' }]),
      path: ['properties', 'graduated_ranges', '0', 'per_unit_amount'],
      reference: 'invalid_amount',
      message: /graduated_ranges\[0\]\.per_unit_amount is required/,
    },
    {
      name: 'volume ranges that touch (0..10, 10..null): volume ranges start at to + 1',
      charge: volume([
        [0, 10, '1', '0'],
        [10, null, '1', '0'],
      ]),
      path: ['properties', 'volume_ranges', '1', 'from_value'],
      reference: 'invalid_volume_ranges',
      message: /use 11/,
    },
    {
      name: 'deviation (18.11): a one-unit gap in volume ranges (0..10, 12..null)',
      charge: volume([
        [0, 10, '1', '0'],
        [12, null, '1', '0'],
      ]),
      path: ['properties', 'volume_ranges', '1', 'from_value'],
      reference: 'invalid_volume_ranges',
      message: /use 11/,
    },
    {
      name: 'graduated_percentage without ranges (the reference raises)',
      charge: { charge_model: 'graduated_percentage', properties: {} },
      path: ['properties', 'graduated_percentage_ranges'],
      reference: 'missing_graduated_percentage_ranges',
      message: /non-empty array/,
    },
    {
      name: 'graduated_percentage with a negative rate',
      charge: {
        charge_model: 'graduated_percentage',
        properties: {
          graduated_percentage_ranges: [
            { from_value: 0, to_value: null, rate: '-1', flat_amount: '0' },
          ],
        },
      },
      path: ['properties', 'graduated_percentage_ranges', '0', 'rate'],
      reference: 'invalid_rate',
      message: /rate must be a decimal string/,
    },
    {
      name: 'percentage without rate',
      charge: { charge_model: 'percentage', properties: {} },
      path: ['properties', 'rate'],
      reference: 'invalid_rate',
      message: /rate is required/,
    },
    {
      name: 'percentage free_units_per_events 0',
      charge: { charge_model: 'percentage', properties: { rate: '1', free_units_per_events: 0 } },
      path: ['properties', 'free_units_per_events'],
      reference: 'invalid_free_units_per_events',
      message: /whole number >= 1/,
    },
    {
      name: 'percentage free_units_per_total_aggregation as a number',
      charge: {
        charge_model: 'percentage',
        properties: { rate: '1', free_units_per_total_aggregation: 10 },
      },
      path: ['properties', 'free_units_per_total_aggregation'],
      reference: 'invalid_free_units_per_total_aggregation',
      message: /decimal string/,
    },
    {
      name: 'percentage fixed_amount negative',
      charge: { charge_model: 'percentage', properties: { rate: '1', fixed_amount: '-2' } },
      path: ['properties', 'fixed_amount'],
      reference: 'invalid_fixed_amount',
      message: /decimal string >= 0/,
    },
    {
      name: 'percentage max below min',
      charge: {
        charge_model: 'percentage',
        properties: { rate: '1', per_transaction_min_amount: '5', per_transaction_max_amount: '2' },
      },
      path: ['properties', 'per_transaction_max_amount'],
      reference: 'per_transaction_max_lower_than_per_transaction_min',
      message: /must not be lower than per_transaction_min_amount \(5\)/,
    },
    {
      name: 'pricing_group_keys that is not an array of names',
      charge: { charge_model: 'standard', properties: { amount: '1', pricing_group_keys: [''] } },
      path: ['properties', 'pricing_group_keys'],
      reference: 'invalid_type',
      message: /array of property names/,
    },
    {
      name: 'more than two presentation_group_keys',
      charge: {
        charge_model: 'standard',
        properties: {
          amount: '1',
          presentation_group_keys: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
        },
      },
      path: ['properties', 'presentation_group_keys'],
      reference: 'too_many_keys',
      message: /at most 2/,
    },
    {
      name: 'a duplicated presentation group key',
      charge: {
        charge_model: 'standard',
        properties: { amount: '1', presentation_group_keys: [{ value: 'a' }, { value: 'a' }] },
      },
      path: ['properties', 'presentation_group_keys', '1', 'value'],
      reference: 'value_is_duplicated',
      message: /listed twice/,
    },
    {
      name: 'properties that are not an object',
      charge: { charge_model: 'standard', properties: ['1'] },
      path: ['properties'],
      message: /must be an object/,
    },
  ])('$name', ({ charge, path, reference, message }) => {
    const error = leftOf(applyChargeModel(charge, units('1')));
    expect(error.code).toBe('invalid_charge_properties');
    expect(error.path).toEqual(path);
    expect(error.message).toMatch(message);
    if (reference !== undefined) expect(error.details).toMatchObject({ reference_code: reference });
  });

  it("the caller's path is prefixed to the property path", () => {
    const error = leftOf(
      applyChargeModel(gradRanges([range(0, 10), range(12, null)]), units('1'), {
        path: ['charges', '0'],
      }),
    );
    expect(error.path).toEqual([
      'charges',
      '0',
      'properties',
      'graduated_ranges',
      '1',
      'from_value',
    ]);
  });

  it('an unknown charge model is unsupported and lists the known ones', () => {
    const error = leftOf(applyChargeModel({ charge_model: 'tiered', properties: {} }, units('1')));
    expect(error.code).toBe('unsupported_charge_model');
    expect(error.path).toEqual(['charge_model']);
    expect(error.message).toMatch(/standard, package, graduated/);
  });

  it('valid chains of both graduated styles are accepted (integer +1 and adjacent decimals)', () => {
    const ok: RangeRow[][] = [
      [
        [0, 10, '1', '0'],
        [11, 20, '1', '0'],
        [21, null, '1', '0'],
      ],
      [
        [0, 0.1, '1', '0'],
        [0.1, 1, '1', '0'],
        [1, null, '1', '0'],
      ],
      [[1, null, '1', '0']],
    ];
    for (const rows of ok) expect(applyChargeModel(graduated(rows), units('5'))._tag).toBe('Right');
  });
});

describe('invalid contexts', () => {
  it.each([
    [
      'units that are not a decimal',
      { units: 'abc', events_count: 1 },
      ['units'],
      'invalid_decimal',
    ],
    [
      'a fractional events_count',
      { units: '1', events_count: 1.5 },
      ['events_count'],
      'invalid_input',
    ],
    [
      'an event value that is not a decimal',
      { units: '1', events_count: 1, event_values: ['1', 'x'] },
      ['event_values', '1'],
      'invalid_decimal',
    ],
    [
      'prorated values without full values',
      { units: '1', events_count: 1, prorated_event_values: ['1'] },
      ['prorated_event_values'],
      'invalid_input',
    ],
    [
      'a period ratio above 1',
      { units: '1', events_count: 1, period_ratio: '1.5' },
      ['period_ratio'],
      'invalid_input',
    ],
    [
      'an unknown currency',
      { units: '1', events_count: 1, currency: 'EURO' },
      ['currency'],
      'unknown_currency',
    ],
  ])('%s', (_name, context, path, code) => {
    const error = leftOf(applyChargeModel(standard('1'), context));
    expect([error.code, error.path]).toEqual([code, path]);
  });

  it('percentage with free units needs event values', () => {
    const error = leftOf(
      applyChargeModel(
        { charge_model: 'percentage', properties: { rate: '1', free_units_per_events: 2 } },
        units('10', { events_count: 3 }),
      ),
    );
    expect([error.code, error.path]).toEqual(['invalid_input', ['event_values']]);
  });

  it('dynamic needs the precise cents and the currency', () => {
    const error = leftOf(applyChargeModel({ charge_model: 'dynamic', properties: {} }, units('2')));
    expect(error.path).toEqual(['precise_total_amount_cents']);
    expect(error.message).toMatch(/precise_total_amount_cents/);
  });
});
