import type { Cents, DecimalString, Fee, FeeItem, MinimumCommitment } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  decimalFromCount,
  divide,
  type FeecastError,
  max,
  moneyOf,
  multiply,
  readCents,
  roundToCent,
  sign,
  subtract,
  sum,
  toWireCents,
  toWireDecimal,
  ZERO,
} from '../../core/index';
import { dayCount } from '../../periods/index';
import { readFeeList } from '../fee-list';
import { type TrueUpSubscription, trueUpFee } from './true-up-fee';

/** A range of wire timestamps. */
export interface DatetimeRange {
  readonly from_datetime: string;
  readonly to_datetime: string;
}

/** The input of {@link commitmentTrueUp}. */
export interface CommitmentTrueUpInput {
  readonly commitment: MinimumCommitment;
  /**
   * The fees billed for the commitment period (subscription, charge in arrears and in
   * advance, fixed charge); fees of other types are ignored. Charge `min_amount_cents`
   * true-up fees are charge fees and count.
   */
  readonly fees: readonly Fee[];
  readonly currency: string;
  /** The whole plan-interval period the commitment covers: its day count divides. */
  readonly period: DatetimeRange;
  /**
   * The part of the period the subscription was active (from the first invoice of the period
   * to the invoice's end, or to the termination): its day count multiplies. Default: the
   * whole period.
   */
  readonly active?: DatetimeRange;
  /** The customer's IANA time zone, whose local days are counted; default UTC. */
  readonly timezone?: string | null;
  /** The subscription, copied onto the true-up fee. */
  readonly subscription?: TrueUpSubscription;
}

/**
 * The result of {@link commitmentTrueUp}.
 *
 * @inline
 */
export interface CommitmentTrueUp {
  /** `round(amount_cents × days_active ÷ days_total)`. */
  readonly commitment_amount_cents: Cents;
  /** Σ `amount_cents` of the fees that count. */
  readonly fees_amount_cents: Cents;
  /** `max(0, commitment − fees)`: what the true-up fee charges. */
  readonly amount_cents: Cents;
  /** The same with the fees' precise amounts, exact, in minor units. */
  readonly precise_amount_cents: DecimalString;
  readonly days_active: number;
  readonly days_total: number;
  /** The `commitment` fee, or `null` when the true-up is 0 (no fee is created then). */
  readonly fee: Fee | null;
}

/** Fee types that count toward a minimum commitment (invoicing.md §7.1). */
const COUNTED: ReadonlySet<string> = new Set(['subscription', 'charge', 'fixed_charge']);

/**
 * The minimum-commitment true-up of a period (invoicing.md §7.1): the commitment is prorated
 * on the days the subscription was active (`round(amount × days_active ÷ days_total)`, days
 * counted as the reference counts them in the customer's zone), and what the period's
 * subscription, charge and fixed-charge fees fall short of it is charged as one `commitment`
 * fee (1 unit, taxes 0 at creation). A pay-in-advance plan reconciles the previous period,
 * and not on its first invoice: pass that period and its fees.
 *
 * @example
 * // 200.00 monthly commitment, fees 2.00 + 3.00 + 1.50 over the whole month:
 * commitmentTrueUp({ commitment, fees, currency: 'EUR',
 *   period: { from_datetime: '2025-01-01T00:00:00Z', to_datetime: '2025-01-31T23:59:59Z' } })
 * // right({ commitment_amount_cents: 10000, fees_amount_cents: 650, amount_cents: 9350, ... })
 */
export function commitmentTrueUp(
  input: CommitmentTrueUpInput,
): Either<FeecastError, CommitmentTrueUp> {
  const money = moneyOf(input.currency, ['currency']);
  if (isLeft(money)) return money;
  const amount = readCents(input.commitment.amount_cents, ['commitment', 'amount_cents']);
  if (isLeft(amount)) return amount;
  const total = dayCount({
    from: input.period.from_datetime,
    to: input.period.to_datetime,
    timezone: input.timezone,
  });
  if (isLeft(total)) return total;
  const activeRange = input.active ?? input.period;
  const active = dayCount({
    from: activeRange.from_datetime,
    to: activeRange.to_datetime,
    timezone: input.timezone,
  });
  if (isLeft(active)) return active;
  const fees = readFeeList(input.fees, money.right, ['fees']);
  if (isLeft(fees)) return fees;

  const prorated = divide(
    multiply(amount.right, decimalFromCount(active.right)),
    decimalFromCount(Math.max(1, total.right)),
  );
  if (isLeft(prorated)) return prorated;
  const commitment = roundToCent(prorated.right);
  const counted = fees.right.filter((f) => COUNTED.has(f.fee_type));
  const used = sum(counted.map((f) => f.amount));
  const usedPrecise = sum(counted.map((f) => f.precise_amount));
  const trueUp = max(ZERO, subtract(commitment, used));
  const precise = max(ZERO, subtract(commitment, usedPrecise));

  const commitmentCents = toWireCents(commitment, ['commitment', 'amount_cents']);
  if (isLeft(commitmentCents)) return commitmentCents;
  const usedCents = toWireCents(used, ['fees']);
  if (isLeft(usedCents)) return usedCents;
  const trueUpCents = toWireCents(trueUp, ['commitment', 'amount_cents']);
  if (isLeft(trueUpCents)) return trueUpCents;
  let fee: Fee | null = null;
  if (sign(trueUp) > 0) {
    const built = trueUpFee({
      parent: null,
      subscription: input.subscription ?? null,
      item: commitmentItem(input.commitment),
      money: money.right,
      amount_cents: trueUp,
      precise_amount_cents: precise,
      from_date: null,
      to_date: null,
    });
    if (isLeft(built)) return built;
    fee = built.right;
  }
  return right({
    commitment_amount_cents: commitmentCents.right,
    fees_amount_cents: usedCents.right,
    amount_cents: trueUpCents.right,
    precise_amount_cents: toWireDecimal(precise),
    days_active: active.right,
    days_total: total.right,
    fee,
  });
}

/** The `item` of a commitment fee. */
function commitmentItem(commitment: MinimumCommitment): FeeItem {
  const name = commitment.invoice_display_name ?? 'Minimum commitment';
  return {
    type: 'commitment',
    code: commitment.plan_code,
    name,
    svc_item_id: commitment.svc_id,
    item_type: 'Subscription',
    invoice_display_name: name,
    description: null,
    filter_invoice_display_name: null,
    filters: null,
    grouped_by: {},
  };
}
