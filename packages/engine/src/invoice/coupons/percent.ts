/**
 * Percentages of amounts, exactly: coupon rates and tax rates are percents (`20` is 20 %).
 * @internal
 */
import { type Decimal, multiply, parseDecimalUnsafe } from '../../core/index';

/** 1/100, exactly (a literal, so reading it cannot fail). */
const ONE_PERCENT: Decimal = parseDecimalUnsafe('0.01');

/**
 * `amount × percent / 100`, exact (no rounding: dividing by 100 only moves the point).
 *
 * @example
 * formatDecimal(percentOf(parseDecimalUnsafe('151'), parseDecimalUnsafe('30'))) // '45.3'
 */
export function percentOf(amount: Decimal, percent: Decimal): Decimal {
  return multiply(multiply(amount, percent), ONE_PERCENT);
}
