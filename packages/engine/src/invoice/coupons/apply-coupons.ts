import {
  type AppliedCoupon,
  type Cents,
  type CurrencyCode,
  isCurrencyCode,
  isTimestamp,
  type Timestamp,
  type Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  max,
  min,
  readCents,
  roundCents,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import { keepDecimal, spreadDecimals } from '../../fees/index';
import { allocateProportionally } from './allocate-proportionally';
import { applicationOrder } from './application-order';
import { couponAmount } from './coupon-amount';
import { afterCredit } from './coupon-lifecycle';
import {
  type AppliedCouponInput,
  type CouponApplication,
  type CouponTerms,
  couponTerms,
} from './coupon-terms';
import { type CouponFeeInput, type CouponPlan, eligibleFees } from './eligible-fees';
import { COUPON_SHARE_SCALE, type FeeNet, feeNetFields, readFeeNet, withCoupons } from './fee-net';
import { type InvoiceSubscription, indexSubscriptions } from './invoice-subscriptions';

/** Options of {@link applyCoupons}. */
export interface ApplyCouponsOptions {
  /** The invoice's currency; by default the fees' (which must all share one). */
  readonly currency?: string;
  /** The invoice's subscriptions with their plans: needed by coupons limited to plans. */
  readonly subscriptions?: readonly InvoiceSubscription<CouponPlan>[];
  /**
   * The invoice's running `sub_total_excluding_taxes_amount_cents` before coupons (fees minus
   * progressive-billing credits). By default the sum of the fees' pre-tax amounts. A coupon's
   * base never exceeds it nor the sum of its eligible fees' pre-tax amounts.
   */
  readonly sub_total_excluding_taxes_amount_cents?: number;
  /** The time of the invoice: an applied coupon that ends gets it as `terminated_at`. */
  readonly now?: string;
}

/**
 * Why a coupon took nothing off the invoice.
 *
 * @inline
 */
export type CouponSkipReason =
  /** The applied coupon's `status` is not `active`. */
  | 'not_active'
  /** A recurring coupon with no invoice left, or a `once` fixed coupon with nothing left. */
  | 'exhausted'
  /** A fixed-amount coupon in another currency than the invoice (percentages have none). */
  | 'currency_mismatch'
  /** No fee of the invoice is of the coupon's plans or billable metrics. */
  | 'no_eligible_fee'
  /** The invoice's sub total was already down to 0 (earlier coupons, or no fees). */
  | 'nothing_left'
  /** The coupon's amount on this invoice rounds to 0 cents. */
  | 'zero_amount'
  /** The invoice already has this coupon's credit (`computeInvoiceTotals`). */
  | 'already_applied'
  /** The invoice takes no coupons: a draft, an add-on, one-off or credit invoice (`computeInvoiceTotals`). */
  | 'invoice_not_eligible';

/**
 * What one coupon did to the invoice.
 *
 * @inline
 */
export interface CouponOutcome {
  readonly svc_applied_coupon_id: string;
  readonly coupon_code: string;
  /** Cents the coupon took off the invoice; 0 when skipped. */
  readonly amount_cents: number;
  /** The base the amount was taken from (eligible fees' pre-tax amount or running sub total). */
  readonly base_amount_cents: string;
  /** The share of the amount each fee received, in the order of the input fees. */
  readonly fee_shares: readonly string[];
  /** Set when the coupon took nothing. */
  readonly skipped?: CouponSkipReason;
}

/**
 * The credit a coupon puts on the invoice (an `invoice.credits[]` entry without its own
 * `svc_id` and `invoice`, which the invoice supplies: see `computeInvoiceTotals`).
 *
 * @inline
 */
export interface CouponCredit {
  /** The applied coupon that produced the credit. */
  readonly svc_applied_coupon_id: Uuid;
  readonly amount_cents: Cents;
  readonly amount_currency: CurrencyCode;
  readonly before_taxes: true;
  readonly item: {
    readonly svc_item_id: Uuid;
    readonly type: 'coupon';
    readonly code: string;
    readonly name: string;
  };
}

/** The result of {@link applyCoupons}. */
export interface CouponsApplied<F, A> {
  /** The fees, with the coupon shares in `precise_coupons_amount_cents` and their sub totals. */
  readonly fees: F[];
  /** Every applied coupon, in input order, as it stands after this invoice. */
  readonly applied_coupons: A[];
  /** One credit per coupon that took something, in the order they applied. */
  readonly credits: CouponCredit[];
  /** The sum of the credits. */
  readonly coupons_amount_cents: number;
  /** What each coupon did, in the order they were considered. */
  readonly outcomes: CouponOutcome[];
}

/** The invoice as the coupon loop sees it. */
interface Ledger {
  readonly currency: CurrencyCode | undefined;
  readonly nets: FeeNet[];
  running: Decimal;
}

/**
 * Applies a customer's coupons to an invoice's fees (reference invoicing.md §4): in the
 * reference's order (limited to billable metrics, then to plans, then the others; oldest
 * first), each active coupon takes its amount off its base (the eligible fees' pre-tax
 * amount, at most the invoice's running sub total), spread over the eligible fees in
 * proportion to their pre-tax amounts by `allocateProportionally`, to 5 decimals, the
 * shares adding up to the credit exactly. A coupon never takes more than its base, so no fee
 * and no total becomes negative; the loop stops once the sub total is down to 0. The applied
 * coupons come back as they stand after the invoice (occurrences used, amount remaining,
 * terminated), with one credit per coupon that took something and the reason for each
 * coupon that did not.
 *
 * Coupons apply to pre-tax amounts: apply taxes afterwards (`applyTaxes`).
 *
 * @example
 * // November's charge fees (502.91 EUR) and the coupon `welcome10`: 10.00 EUR off, once.
 * const fees = planChargeFees({
 *   plan, billableMetrics, events,
 *   period: { charges_from_datetime: '2026-11-01T00:00:00Z', charges_to_datetime: '2026-11-30T23:59:59Z' },
 * });
 * if (fees._tag === 'Right') {
 *   applyCoupons(fees.right, [{ applied_coupon: appliedCoupon, coupon }]) // ~> right({ coupons_amount_cents: 1000 })
 * }
 */
export function applyCoupons<
  F extends CouponFeeInput,
  A extends AppliedCouponInput = AppliedCoupon,
>(
  fees: readonly F[],
  appliedCoupons: readonly CouponApplication<A>[],
  options: ApplyCouponsOptions = {},
): Either<FeecastError, CouponsApplied<F, A>> {
  const ledger = openLedger(fees, options);
  if (isLeft(ledger)) return ledger;
  const plans =
    options.subscriptions === undefined
      ? right(undefined)
      : indexSubscriptions(options.subscriptions, ['options', 'subscriptions']);
  if (isLeft(plans)) return plans;
  const now = readNow(options.now);
  if (isLeft(now)) return now;
  const order = applicationOrder(appliedCoupons);
  if (isLeft(order)) return order;
  const initial = [...ledger.right.nets];
  const updated: A[] = appliedCoupons.map((application) => application.applied_coupon);
  const credits: CouponCredit[] = [];
  const taken: Decimal[] = [];
  const outcomes: CouponOutcome[] = [];
  for (const index of order.right) {
    const application = appliedCoupons[index];
    if (application === undefined) continue;
    const path = ['applied_coupons', String(index)];
    const step = applyOne(ledger.right, fees, application, plans.right, path);
    if (isLeft(step)) return step;
    outcomes.push(step.right.outcome);
    const { terms, credit } = step.right;
    if (terms === undefined || credit === undefined) continue;
    const after = afterCredit(application.applied_coupon, terms, credit.amount, now.right, [
      ...path,
      'applied_coupon',
    ]);
    if (isLeft(after)) return after;
    updated[index] = after.right;
    credits.push(credit.row);
    taken.push(credit.amount);
  }
  const outFees = writeFees(fees, initial, ledger.right.nets);
  if (isLeft(outFees)) return outFees;
  const currency = ledger.right.currency;
  const total =
    currency === undefined ? right(0) : roundCents(sum(taken), currency, ['coupons_amount_cents']);
  if (isLeft(total)) return total;
  return right({
    fees: outFees.right,
    applied_coupons: updated,
    credits,
    coupons_amount_cents: total.right,
    outcomes,
  });
}

function readNow(now: string | undefined): Either<FeecastError, Timestamp | undefined> {
  if (now === undefined || isTimestamp(now)) return right(now);
  return left(
    feecastError(
      'invalid_timestamp',
      `options.now must be a UTC timestamp such as "2025-01-15T10:00:00Z", got ${JSON.stringify(now)}.`,
      ['options', 'now'],
    ),
  );
}

function openLedger(
  fees: readonly CouponFeeInput[],
  options: ApplyCouponsOptions,
): Either<FeecastError, Ledger> {
  let currency: CurrencyCode | undefined;
  if (options.currency !== undefined) {
    if (!isCurrencyCode(options.currency)) {
      return left(
        feecastError(
          'unknown_currency',
          `options.currency must be an upper-case ISO 4217 code such as "EUR", got ${JSON.stringify(options.currency)}.`,
          ['options', 'currency'],
        ),
      );
    }
    currency = options.currency;
  }
  const nets: FeeNet[] = [];
  for (const [i, fee] of fees.entries()) {
    const net = readFeeNet(fee, ['fees', String(i)]);
    if (isLeft(net)) return net;
    currency ??= net.right.currency;
    if (net.right.currency !== currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Fee ${i} is in ${net.right.currency} but the invoice is in ${currency}; an invoice has one currency.`,
          ['fees', String(i), 'amount_currency'],
        ),
      );
    }
    nets.push(net.right);
  }
  let running = sum(nets.map((fee) => fee.net));
  if (options.sub_total_excluding_taxes_amount_cents !== undefined) {
    const given = readCents(options.sub_total_excluding_taxes_amount_cents, [
      'options',
      'sub_total_excluding_taxes_amount_cents',
    ]);
    if (isLeft(given)) return given;
    running = min(running, given.right);
  }
  return right({ currency, nets, running });
}

interface Step {
  readonly outcome: CouponOutcome;
  readonly terms?: CouponTerms;
  readonly credit?: { readonly amount: Decimal; readonly row: CouponCredit };
}

function applyOne(
  ledger: Ledger,
  fees: readonly CouponFeeInput[],
  application: CouponApplication<AppliedCouponInput>,
  plans: ReadonlyMap<string, CouponPlan> | undefined,
  path: readonly string[],
): Either<FeecastError, Step> {
  const applied = application.applied_coupon;
  const skip = (reason: CouponSkipReason, base: Decimal = ZERO): Either<FeecastError, Step> =>
    right({ outcome: skippedOutcome(applied, ledger.nets.length, reason, base) });
  if (applied.status !== 'active') return skip('not_active');
  const terms = couponTerms(application, path);
  if (isLeft(terms)) return terms;
  const coupon = terms.right;
  if (coupon.invoicesLeft === 0 || (coupon.kind === 'fixed_amount' && sign(coupon.amount) === 0)) {
    return skip('exhausted');
  }
  if (sign(ledger.running) <= 0 || ledger.currency === undefined) return skip('nothing_left');
  if (coupon.kind === 'fixed_amount' && coupon.currency !== ledger.currency) {
    return skip('currency_mismatch');
  }
  const eligible = eligibleFees(application.coupon, fees, plans, path);
  if (isLeft(eligible)) return eligible;
  if (!eligible.right.includes(true)) return skip('no_eligible_fee');
  const weights = ledger.nets.map((fee, i) => (eligible.right[i] ? max(fee.net, ZERO) : ZERO));
  const base = min(ledger.running, sum(weights));
  const amount = couponAmount(coupon, base);
  if (sign(amount) <= 0) return skip('zero_amount', base);
  const shares = allocateProportionally(amount, weights, COUPON_SHARE_SCALE);
  if (isLeft(shares)) return shares;
  for (const [i, share] of shares.right.entries()) {
    const fee = ledger.nets[i];
    if (fee !== undefined && sign(share) !== 0) {
      ledger.nets[i] = withCoupons(fee, add(fee.coupons, share));
    }
  }
  ledger.running = subtract(ledger.running, amount);
  const cents = roundCents(amount, ledger.currency, [...path, 'amount_cents']);
  if (isLeft(cents)) return cents;
  return right({
    outcome: outcomeOf(applied, cents.right, base, shares.right),
    terms: coupon,
    credit: {
      amount,
      row: {
        svc_applied_coupon_id: applied.svc_id,
        amount_cents: cents.right,
        amount_currency: ledger.currency,
        before_taxes: true,
        item: {
          svc_item_id: applied.svc_coupon_id,
          type: 'coupon',
          code: applied.coupon_code,
          name: applied.coupon_name,
        },
      },
    },
  });
}

function outcomeOf(
  applied: AppliedCouponInput,
  amountCents: number,
  base: Decimal,
  shares: readonly Decimal[],
  skippedFor?: CouponSkipReason,
): CouponOutcome {
  return {
    svc_applied_coupon_id: applied.svc_id,
    coupon_code: applied.coupon_code,
    amount_cents: amountCents,
    base_amount_cents: formatDecimal(base),
    fee_shares: shares.map(formatDecimal),
    ...(skippedFor === undefined ? {} : { skipped: skippedFor }),
  };
}

/**
 * The outcome of a coupon that took nothing off the invoice, for `reason`.
 *
 * @example
 * skippedOutcome(appliedCoupon, 3, 'invoice_not_eligible')
 * // { amount_cents: 0, fee_shares: ['0', '0', '0'], skipped: 'invoice_not_eligible', ... }
 */
export function skippedOutcome(
  applied: AppliedCouponInput,
  feeCount: number,
  reason: CouponSkipReason,
  base: Decimal = ZERO,
): CouponOutcome {
  const shares = Array.from({ length: feeCount }, () => ZERO);
  return outcomeOf(applied, 0, base, shares, reason);
}

/** The fees with their new coupon shares; a fee that received nothing is returned as it was. */
function writeFees<F extends CouponFeeInput>(
  fees: readonly F[],
  before: readonly FeeNet[],
  after: readonly FeeNet[],
): Either<FeecastError, F[]> {
  const out: F[] = [];
  for (const [i, fee] of fees.entries()) {
    const was = before[i];
    const now = after[i];
    if (was === undefined || now === undefined || now === was) {
      out.push(fee);
      continue;
    }
    const fields = feeNetFields(now, ['fees', String(i)]);
    if (isLeft(fields)) return fields;
    // The new share's decimal goes with its text (`fee-decimals.ts`), for taxes to take.
    const coupons = fields.right.precise_coupons_amount_cents;
    out.push(
      keepDecimal(
        spreadDecimals({ ...fee, ...fields.right }, fee),
        'precise_coupons_amount_cents',
        coupons,
        now.coupons,
      ),
    );
  }
  return right(out);
}
