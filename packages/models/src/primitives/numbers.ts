import * as t from 'io-ts';
import {
  type FiniteNumberBrand,
  type IntegerBrand,
  isFiniteNumber,
  isInteger,
  isNonNegativeInteger,
  isNonNegativeNumber,
  isPositiveInteger,
  isRate,
  type NonNegativeIntegerBrand,
  type NonNegativeNumberBrand,
  type PositiveIntegerBrand,
  type RateBrand,
} from './predicates';

/**
 * A JSON number that is finite (never `NaN` or `Infinity`, which JSON cannot carry anyway).
 *
 * @example
 * decode(FiniteNumber, 5.0) // right(5)
 */
export const FiniteNumber = t.brand(
  t.number,
  (n): n is t.Branded<number, FiniteNumberBrand> => isFiniteNumber(n),
  'FiniteNumber',
);
/** A finite JSON number, see {@link FiniteNumber}. */
export type FiniteNumber = t.TypeOf<typeof FiniteNumber>;

/**
 * A finite JSON number `>= 0`: range bounds of charge properties, a plan's `trial_period`
 * (days; the service sends it as a float such as `5.0`), fixed-charge `units`.
 *
 * @example
 * decode(NonNegativeNumber, 0.1) // right
 */
export const NonNegativeNumber = t.brand(
  FiniteNumber,
  (n): n is t.Branded<FiniteNumber, NonNegativeNumberBrand> => isNonNegativeNumber(n),
  'NonNegativeNumber',
);
/** A finite number `>= 0`, see {@link NonNegativeNumber}. */
export type NonNegativeNumber = t.TypeOf<typeof NonNegativeNumber>;

/**
 * A JSON number that is a safe integer (counts, sequential ids, priorities, days).
 *
 * @example
 * decode(Integer, 3) // right
 * decode(Integer, 3.5) // left
 */
export const Integer = t.brand(
  t.number,
  (n): n is t.Branded<number, IntegerBrand> => isInteger(n),
  'Integer',
);
/** A safe integer, see {@link Integer}. */
export type Integer = t.TypeOf<typeof Integer>;

/**
 * A safe integer `>= 0` (`total_count`, `current_page`, which is 0 for an empty list).
 *
 * @example
 * decode(NonNegativeInteger, 0) // right
 */
export const NonNegativeInteger = t.brand(
  Integer,
  (n): n is t.Branded<Integer, NonNegativeIntegerBrand> => isNonNegativeInteger(n),
  'NonNegativeInteger',
);
/** A safe integer `>= 0`, see {@link NonNegativeInteger}. */
export type NonNegativeInteger = t.TypeOf<typeof NonNegativeInteger>;

/**
 * A safe integer `>= 1` (`next_page`, `prev_page`, `package_size`).
 *
 * @example
 * decode(PositiveInteger, 0) // left
 */
export const PositiveInteger = t.brand(
  Integer,
  (n): n is t.Branded<Integer, PositiveIntegerBrand> => isPositiveInteger(n),
  'PositiveInteger',
);
/** A safe integer `>= 1`, see {@link PositiveInteger}. */
export type PositiveInteger = t.TypeOf<typeof PositiveInteger>;

/**
 * A tax rate in percent (`tax_rate`, `taxes_rate`, `tax.rate`): unlike amounts, rates travel
 * as JSON numbers (`20.0`). Any finite number; the engine reads it exactly from its
 * shortest decimal form.
 *
 * @example
 * decode(Rate, 20.0) // right(20)
 */
export const Rate = t.brand(t.number, (n): n is t.Branded<number, RateBrand> => isRate(n), 'Rate');
/** A tax rate in percent, see {@link Rate}. */
export type Rate = t.TypeOf<typeof Rate>;
