import { pow10n } from './powers-of-ten';
import { bigCoefficient, type DecimalValue, decimalOf, ZERO_VALUE } from './value';

/** The decimal places of a division's result, before any explicit rounding by the caller. */
export const DIVISION_PLACES = 40;

/**
 * x ÷ y (y ≠ 0) to {@link DIVISION_PLACES} places, half away from zero at the last, by one
 * integer division of the coefficients: x = X × 10^-sx and y = Y × 10^-sy, so
 * x ÷ y × 10^40 = X × 10^(40 + sy − sx) ÷ Y. The magnitudes are divided and the sign put back
 * after rounding, so a half rounds away from zero on both sides.
 * @internal
 */
export function quotient(x: DecimalValue, y: DecimalValue): DecimalValue {
  if (x.coefficient === 0) return ZERO_VALUE;
  const cx = x.coefficient;
  const cy = y.coefficient;
  // An exact quotient of two safe integers within the places (a unit price: an amount over
  // its units, most often): X ÷ Y is a safe integer Q, and x ÷ y = Q × 10^-(sx − sy), the
  // value the division below gives, in the same form, without big integers.
  if (
    typeof cx === 'number' &&
    typeof cy === 'number' &&
    cx % cy === 0 &&
    x.scale - y.scale <= DIVISION_PLACES
  ) {
    return decimalOf(cx / cy, x.scale - y.scale);
  }
  const bx = bigCoefficient(x);
  const by = bigCoefficient(y);
  const negative = bx < 0n !== by < 0n;
  const mx = bx < 0n ? -bx : bx;
  const my = by < 0n ? -by : by;
  const shift = DIVISION_PLACES + y.scale - x.scale;
  const dividend = shift >= 0 ? mx * pow10n(shift) : mx;
  const divisor = shift >= 0 ? my : my * pow10n(-shift);
  let units = dividend / divisor;
  if (2n * (dividend - units * divisor) >= divisor) units += 1n;
  return decimalOf(negative ? -units : units, DIVISION_PLACES);
}
