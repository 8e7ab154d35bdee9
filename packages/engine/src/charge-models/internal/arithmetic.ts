/**
 * The few arithmetic conventions the charge models share (charge-models.md §1.5, §6).
 * @internal
 */
import { isRight } from 'fp-ts/lib/Either.js';
import {
  compare,
  type Decimal,
  decimalFromCount,
  divide,
  halfAwayFromZero,
  literalScale,
  multiply,
  ONE,
  sign,
  ZERO,
} from '../../core/index';

/**
 * `a ÷ b`, or 0 when `b` is 0: the reference's rule for unit amounts and ratios ("0 when the
 * divisor is 0", §1.5).
 *
 * @example
 * divideOrZero(parse('1300'), parse('121')) // 10.743801652892561983...
 * divideOrZero(parse('5'), ZERO)            // 0
 */
export function divideOrZero(a: Decimal, b: Decimal): Decimal {
  const quotient = divide(a, b);
  return isRight(quotient) ? quotient.right : ZERO;
}

const ONE_PERCENT = divideOrZero(ONE, decimalFromCount(100));

/**
 * `value × rate / 100`, exactly: rates are percentages (`"1.3"` is 1.3 %).
 *
 * @example
 * percentOf(parse('550'), parse('1.3')) // 7.15
 */
export function percentOf(value: Decimal, rate: Decimal): Decimal {
  return multiply(multiply(value, rate), ONE_PERCENT);
}

/**
 * The projected units of a period (§6): `units ÷ period_ratio` to 2 decimals, half away from
 * zero; 0 when the units are 0 or the ratio is not positive.
 *
 * @example
 * projectedUnits(parse('10'), parse('0.3')) // 33.33
 */
export function projectedUnits(units: Decimal, ratio: Decimal): Decimal {
  if (sign(units) === 0 || sign(ratio) <= 0) return ZERO;
  return halfAwayFromZero(divideOrZero(units, ratio), literalScale(2));
}

/**
 * An amount scaled to the whole period (§6: `amount ÷ period_ratio`), 0 when the amount or the
 * ratio is 0. Flat and fixed fees are scaled too, as the reference does.
 *
 * @example
 * scaleByRatio(parse('200.1'), parse('0.5')) // 400.2
 */
export function scaleByRatio(amount: Decimal, ratio: Decimal): Decimal {
  return sign(amount) === 0 ? ZERO : divideOrZero(amount, ratio);
}

/**
 * `true` when `value > 0`.
 *
 * @example
 * isPositive(parse('0.01')) // true
 */
export function isPositive(value: Decimal): boolean {
  return compare(value, ZERO) > 0;
}
