/**
 * Arbitraries of charge properties and quantities for the charge-model and fee laws.
 */
import fc from 'fast-check';
import type { ChargeModelInput } from '../../src/charge-models/index';
import { decimalString } from '../arbitraries';
import { graduated, graduatedPercentage, type RangeRow, volume } from './support';

/** A non-negative decimal string, plain notation, up to 8 significant digits. */
export const amount: fc.Arbitrary<string> = decimalString({ maxDigits: 8, exponent: false }).map(
  (text) => text.replace(/^-/, ''),
);

/** A non-negative quantity with up to 3 decimals, below 3000. */
export const quantity: fc.Arbitrary<string> = fc
  .tuple(fc.nat(3000), fc.nat(999))
  .map(([whole, thousandths]) => `${whole}.${String(thousandths).padStart(3, '0')}`);

/** Any decimal string the engine reads, exponents and signs included. */
export const anyDecimal: fc.Arbitrary<string> = decimalString({ maxDigits: 20 });

/**
 * Increasing upper bounds for 1 to 4 ranges (the last range is open), at least 2 apart so that
 * integer-style ranges keep `to_value > from_value`.
 */
const tops = fc
  .uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 3 })
  .map((values) => [...values].sort((a, b) => a - b).map((value) => value * 2));

/**
 * Range rows chained in integer style (`from = previous to + 1`) or, when `adjacent`, in
 * decimal style (`from = previous to`), with random amounts.
 */
export function rangeRows(adjacent: boolean): fc.Arbitrary<RangeRow[]> {
  return tops.chain((bounds) =>
    fc
      .tuple(...bounds.map(() => fc.tuple(amount, amount)), fc.tuple(amount, amount))
      .map((prices) =>
        prices.map(([perUnit, flat], index): RangeRow => {
          const previous = bounds[index - 1];
          const from = previous === undefined ? 0 : adjacent ? previous : previous + 1;
          return [from, bounds[index] ?? null, perUnit, flat];
        }),
      ),
  );
}

/** A graduated charge with ranges of either style. */
export const graduatedCharge: fc.Arbitrary<ChargeModelInput> = fc
  .boolean()
  .chain((adjacent) => rangeRows(adjacent))
  .map((rows) => graduated(rows));

/** A volume charge (volume ranges chain as `to + 1`). */
export const volumeCharge: fc.Arbitrary<{ rows: RangeRow[]; charge: ChargeModelInput }> = rangeRows(
  false,
).map((rows) => ({ rows, charge: volume(rows) }));

/** A graduated-percentage charge. */
export const graduatedPercentageCharge: fc.Arbitrary<ChargeModelInput> = rangeRows(false).map(
  (rows) => graduatedPercentage(rows),
);

/** A package charge. */
export const packageCharge: fc.Arbitrary<ChargeModelInput> = fc
  .record({ price: amount, size: fc.integer({ min: 1, max: 50 }), free: fc.nat(20) })
  .map(({ price, size, free }) => ({
    charge_model: 'package',
    properties: { amount: price, package_size: size, free_units: free },
  }));

/** A standard charge. */
export const standardCharge: fc.Arbitrary<ChargeModelInput> = amount.map((price) => ({
  charge_model: 'standard',
  properties: { amount: price },
}));

/** A percentage charge with any mix of its optional settings. */
export const percentageCharge: fc.Arbitrary<ChargeModelInput> = fc
  .record(
    {
      rate: amount,
      fixed_amount: amount,
      free_units_per_events: fc.integer({ min: 1, max: 5 }),
      free_units_per_total_aggregation: amount,
      per_transaction_min_amount: fc.constant('0.5'),
      per_transaction_max_amount: fc.constant('50'),
    },
    { requiredKeys: ['rate'] },
  )
  .map((properties) => ({ charge_model: 'percentage', properties }));
