import * as t from 'io-ts';
import { type DecimalStringBrand, isDecimalString } from './predicates';

/**
 * A decimal number carried in a JSON string, as the service sends amounts, units and
 * credits (`"12.3456"`, `"10.0"`, `"-0.5"`, `"1e-3"`). Grammar:
 * `-?\d+(\.\d+)?([eE][+-]?\d+)?`, so no `+`, no spaces, no `.5`, no `NaN`, no JSON number.
 * The string is kept as sent (`"10.0"` stays `"10.0"`).
 *
 * @example
 * decode(DecimalString, '12.3456') // right
 * decode(DecimalString, 12.3456) // left: a number, not a string
 */
export const DecimalString = t.brand(
  t.string,
  (s): s is t.Branded<string, DecimalStringBrand> => isDecimalString(s),
  'DecimalString',
);
/** A decimal number in a string, see {@link DecimalString}. */
export type DecimalString = t.TypeOf<typeof DecimalString>;
