import { isInteger, type Timestamp } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  roundCents,
  sign,
  subtract,
} from '../../core/index';
import type { AppliedCouponInput, CouponTerms } from './coupon-terms';

/**
 * An applied coupon after it produced a credit on an invoice (reference invoicing.md §4.3,
 * "Lifecycle"): a `recurring` coupon has one invoice less to go
 * (`frequency_duration_remaining`, never below 0) and ends when none is left; a `once`
 * percentage coupon ends; a `once` fixed coupon keeps what the credit did not use
 * (`amount_cents_remaining`) and ends when nothing is left; a `forever` coupon never ends.
 * An ended coupon gets `status: 'terminated'` and, when `now` is given, `terminated_at: now`.
 * Call it only for a coupon that produced a credit: occurrences count invoices with a credit.
 *
 * @example
 * afterCredit(recurringTwoLeft, terms, d('10'), undefined)
 * // right({ ...recurringTwoLeft, frequency_duration_remaining: 1 })
 */
export function afterCredit<A extends AppliedCouponInput>(
  applied: A,
  terms: CouponTerms,
  credit: Decimal,
  now: Timestamp | undefined,
  path: readonly string[],
): Either<FeecastError, A> {
  const ended = (updated: A): A => ({
    ...updated,
    status: 'terminated',
    terminated_at: now ?? applied.terminated_at,
  });
  if (terms.frequency === 'forever') return right(applied);
  if (terms.frequency === 'recurring') {
    const invoicesLeft = Math.max((terms.invoicesLeft ?? 0) - 1, 0);
    if (!isInteger(invoicesLeft)) {
      return left(
        feecastError('out_of_range', 'frequency_duration_remaining is out of range.', [
          ...path,
          'frequency_duration_remaining',
        ]),
      );
    }
    const updated: A = { ...applied, frequency_duration_remaining: invoicesLeft };
    return right(invoicesLeft <= 0 ? ended(updated) : updated);
  }
  if (terms.kind === 'percentage') return right(ended(applied));
  const remaining = subtract(terms.amount, credit);
  const cents = roundCents(remaining, terms.currency, [...path, 'amount_cents_remaining']);
  if (isLeft(cents)) return cents;
  const updated: A = { ...applied, amount_cents_remaining: cents.right };
  return right(sign(remaining) <= 0 ? ended(updated) : updated);
}
