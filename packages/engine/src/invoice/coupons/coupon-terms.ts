import type { AppliedCoupon, Coupon } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  parseDecimal,
  readCents,
  sign,
} from '../../core/index';

/** The fields of an applied coupon (the wire `AppliedCoupon`) the coupon stage reads and updates. */
export type AppliedCouponInput = Pick<
  AppliedCoupon,
  | 'svc_id'
  | 'svc_coupon_id'
  | 'coupon_code'
  | 'coupon_name'
  | 'status'
  | 'frequency'
  | 'amount_cents'
  | 'amount_cents_remaining'
  | 'amount_currency'
  | 'percentage_rate'
  | 'frequency_duration'
  | 'frequency_duration_remaining'
  | 'created_at'
  | 'terminated_at'
>;

/**
 * The fields of a coupon (the wire `Coupon`) that an applied coupon does not carry: its type
 * and its limits; its amount, currency and rate are used where the applied coupon has none.
 *
 * @inline
 */
export type CouponInput = Pick<
  Coupon,
  | 'coupon_type'
  | 'limited_plans'
  | 'limited_billable_metrics'
  | 'plan_codes'
  | 'billable_metric_codes'
  | 'amount_cents'
  | 'amount_currency'
  | 'percentage_rate'
>;

/** A coupon applied to the customer, with the coupon it applies. */
export interface CouponApplication<A extends AppliedCouponInput = AppliedCoupon> {
  readonly applied_coupon: A;
  readonly coupon: CouponInput;
}

/** How often a coupon applies: on one invoice, on `frequency_duration` invoices, or always. */
export type CouponFrequency = 'once' | 'recurring' | 'forever';

/** What a coupon can still take off an invoice, read from an applied coupon and its coupon. */
export type CouponTerms =
  | {
      readonly kind: 'fixed_amount';
      readonly frequency: CouponFrequency;
      /** Cents available on this invoice: `amount_cents`, or what remains of a `once` coupon. */
      readonly amount: Decimal;
      readonly currency: string;
      /** Invoices left for a `recurring` coupon (`null` otherwise). */
      readonly invoicesLeft: number | null;
    }
  | {
      readonly kind: 'percentage';
      readonly frequency: CouponFrequency;
      /** Percent off (`20` is 20 %). */
      readonly rate: Decimal;
      readonly invoicesLeft: number | null;
    };

const FREQUENCIES: readonly string[] = ['once', 'recurring', 'forever'];

function isFrequency(value: unknown): value is CouponFrequency {
  return typeof value === 'string' && FREQUENCIES.includes(value);
}

/**
 * Reads what a coupon can take off an invoice (reference invoicing.md §4.1, §4.3): the applied
 * coupon's own amount, currency and rate (falling back to the coupon's), its frequency, the
 * remaining amount of a fixed `once` coupon (`amount_cents_remaining`, else `amount_cents`)
 * and the invoices left of a `recurring` one (`frequency_duration_remaining`, else
 * `frequency_duration`). Missing or negative values are a `Left` under `path`.
 *
 * @example
 * couponTerms({ applied_coupon: recurring10Percent, coupon }, ['applied_coupons', '0'])
 * // right({ kind: 'percentage', frequency: 'recurring', rate: 10, invoicesLeft: 3 })
 */
export function couponTerms(
  application: CouponApplication<AppliedCouponInput>,
  path: readonly string[],
): Either<FeecastError, CouponTerms> {
  const applied = application.applied_coupon;
  const coupon = application.coupon;
  const at = (key: string) => [...path, 'applied_coupon', key];
  const frequency = applied.frequency;
  if (!isFrequency(frequency)) {
    return left(
      feecastError(
        'invalid_input',
        `Unknown coupon frequency ${JSON.stringify(frequency)}; expected once, recurring or forever.`,
        at('frequency'),
      ),
    );
  }
  const invoicesLeft = recurringInvoicesLeft(applied, frequency, path);
  if (isLeft(invoicesLeft)) return invoicesLeft;
  if (coupon.coupon_type === 'percentage') {
    const text = applied.percentage_rate ?? coupon.percentage_rate;
    if (text === null) {
      return left(
        feecastError(
          'invalid_input',
          'A percentage coupon needs a percentage_rate; set it on the applied coupon or the coupon.',
          at('percentage_rate'),
        ),
      );
    }
    const rate = nonNegative(parseDecimal(text, at('percentage_rate')), at('percentage_rate'));
    if (isLeft(rate)) return rate;
    return right({
      kind: 'percentage',
      frequency,
      rate: rate.right,
      invoicesLeft: invoicesLeft.right,
    });
  }
  if (coupon.coupon_type !== 'fixed_amount') {
    return left(
      feecastError(
        'invalid_input',
        `Unknown coupon_type ${JSON.stringify(coupon.coupon_type)}; expected fixed_amount or percentage.`,
        [...path, 'coupon', 'coupon_type'],
      ),
    );
  }
  const currency = applied.amount_currency ?? coupon.amount_currency;
  const cents =
    frequency === 'once'
      ? (applied.amount_cents_remaining ?? applied.amount_cents ?? coupon.amount_cents)
      : (applied.amount_cents ?? coupon.amount_cents);
  const field =
    frequency === 'once' && applied.amount_cents_remaining !== null
      ? 'amount_cents_remaining'
      : 'amount_cents';
  if (cents === null || currency === null) {
    return left(
      feecastError(
        'invalid_input',
        'A fixed_amount coupon needs amount_cents and amount_currency; set them on the applied coupon or the coupon.',
        at(cents === null ? 'amount_cents' : 'amount_currency'),
      ),
    );
  }
  const amount = nonNegative(readCents(cents, at(field)), at(field));
  if (isLeft(amount)) return amount;
  return right({
    kind: 'fixed_amount',
    frequency,
    amount: amount.right,
    currency,
    invoicesLeft: invoicesLeft.right,
  });
}

function recurringInvoicesLeft(
  applied: AppliedCouponInput,
  frequency: CouponFrequency,
  path: readonly string[],
): Either<FeecastError, number | null> {
  if (frequency !== 'recurring') return right(null);
  const field =
    applied.frequency_duration_remaining !== null
      ? 'frequency_duration_remaining'
      : 'frequency_duration';
  const count = applied.frequency_duration_remaining ?? applied.frequency_duration;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
    return left(
      feecastError(
        'invalid_input',
        'A recurring coupon needs frequency_duration (and frequency_duration_remaining), a whole number of invoices of 0 or more.',
        [...path, 'applied_coupon', field],
        { value: count },
      ),
    );
  }
  return right(count);
}

function nonNegative(
  value: Either<FeecastError, Decimal>,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  if (isLeft(value) || sign(value.right) >= 0) return value;
  return left(
    feecastError(
      'invalid_input',
      `A coupon's ${path.at(-1) ?? 'amount'} cannot be negative.`,
      path,
    ),
  );
}
