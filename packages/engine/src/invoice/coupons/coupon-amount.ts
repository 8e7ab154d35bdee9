import {
  type Decimal,
  floor,
  halfAwayFromZero,
  min,
  percentOf,
  sign,
  WHOLE_CENTS,
  ZERO,
} from '../../core/index';
import type { CouponTerms } from './coupon-terms';

/**
 * What a coupon takes off a base, in whole cents (reference invoicing.md §4.3, "Amount"):
 * a percentage coupon takes `round(base × rate / 100)` (half away from zero), a fixed coupon
 * its amount (what remains of it for a `once` coupon), and neither ever takes more than the
 * base. The base is the eligible fees' pre-tax amount (limited coupons) or the invoice's
 * running sub total (unlimited ones). A base with a fraction of a cent (after an earlier
 * coupon's fractional shares) caps the credit at its whole cents, so a credit is always a
 * whole number of cents that the fees can absorb. A base of 0 or less gives 0.
 *
 * @example
 * couponAmount({ kind: 'percentage', frequency: 'forever', rate: d('20'), invoicesLeft: null }, d('90')) // 18
 * couponAmount({ kind: 'fixed_amount', frequency: 'once', amount: d('1000'), currency: 'EUR', invoicesLeft: null }, d('5')) // 5
 */
export function couponAmount(terms: CouponTerms, base: Decimal): Decimal {
  if (sign(base) <= 0) return ZERO;
  const cap = floor(base, WHOLE_CENTS);
  const wanted =
    terms.kind === 'percentage'
      ? halfAwayFromZero(percentOf(base, terms.rate), WHOLE_CENTS)
      : terms.amount;
  return min(wanted, cap);
}
