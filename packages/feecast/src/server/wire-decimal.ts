/**
 * Decimals as the reference prints them (Rails' BigDecimal `F` format): plain notation with
 * at least one fractional digit (`"10.0"`, `"0.5"`, `"-3.25"`), never an exponent.
 */
import { type Decimal, formatDecimal } from '@feecast/engine';
import type { DecimalString } from '@feecast/models';
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
