/**
 * Decimals as the reference prints them (Rails' BigDecimal `F` format): plain notation with
 * at least one fractional digit (`"10.0"`, `"0.5"`, `"-3.25"`), never an exponent.
 */
import { type Decimal, formatDecimal, parseDecimal } from '@feecast/engine';
import type { DecimalString } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { asDecimalString } from './brands';

/**
 * A decimal in the reference's wire form.
 *
 * @example
 * wireDecimal(parseDecimalUnsafe('10')); // '10.0'
 * wireDecimal(parseDecimalUnsafe('1.5e-3')); // '0.0015'
 */
export function wireDecimal(value: Decimal): DecimalString {
  const text = formatDecimal(value);
  return asDecimalString(text.includes('.') ? text : `${text}.0`);
}

/**
 * A decimal string (as the engine writes it, `"22"`) in the reference's wire form (`"22.0"`).
 * A string the engine cannot read back (beyond its range) is kept as it is: it is already a
 * valid decimal string, only not in the reference's form.
 *
 * @example
 * wireDecimalString(asDecimalString('22')); // '22.0'
 * wireDecimalString(asDecimalString('1.12345')); // '1.12345'
 */
export function wireDecimalString(text: DecimalString): DecimalString {
  const value = parseDecimal(text);
  return isLeft(value) ? text : wireDecimal(value.right);
}
