import * as t from 'io-ts';

/** The brand of {@link FiniteNumber}. */
export interface FiniteNumberBrand {
  readonly FiniteNumber: unique symbol;
}
/** The brand of {@link NonNegativeNumber}. */
export interface NonNegativeNumberBrand {
  readonly NonNegativeNumber: unique symbol;
}
/** The brand of {@link Integer}. */
export interface IntegerBrand {
  readonly Integer: unique symbol;
}
/** The brand of {@link NonNegativeInteger}. */
export interface NonNegativeIntegerBrand {
  readonly NonNegativeInteger: unique symbol;
}
/** The brand of {@link PositiveInteger}. */
export interface PositiveIntegerBrand {
  readonly PositiveInteger: unique symbol;
}
/** The brand of {@link Rate}. */
export interface RateBrand {
  readonly Rate: unique symbol;
}

/**
 * A JSON number that is finite (never `NaN` or `Infinity`, which JSON cannot carry anyway).
 *
 * @example
 * decode(FiniteNumber, 5.0) // right(5)
 */
export const FiniteNumber = t.brand(
  t.number,
  (n): n is t.Branded<number, FiniteNumberBrand> => Number.isFinite(n),
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
  (n): n is t.Branded<FiniteNumber, NonNegativeNumberBrand> => n >= 0,
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
  (n): n is t.Branded<number, IntegerBrand> => Number.isSafeInteger(n),
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
  (n): n is t.Branded<Integer, NonNegativeIntegerBrand> => n >= 0,
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
  (n): n is t.Branded<Integer, PositiveIntegerBrand> => n >= 1,
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
export const Rate = t.brand(
  t.number,
  (n): n is t.Branded<number, RateBrand> => Number.isFinite(n),
  'Rate',
);
/** A tax rate in percent, see {@link Rate}. */
export type Rate = t.TypeOf<typeof Rate>;
