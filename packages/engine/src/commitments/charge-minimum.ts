import type { Cents, DecimalString, Fee } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  decimalFromCount,
  divide,
  multiply,
  sign,
  subtract,
  sum,
  ZERO,
} from '../decimal/index';
import { type FeecastError, feecastError } from '../error';
import { dayCount } from '../periods/index';
import { readFeeList } from '../wallets/internal/fee-amounts';
import { moneyOf, roundToCent } from '../wallets/internal/money';
import { readCents, toWireCents, toWireDecimal } from '../wallets/internal/wire';
import { trueUpFee } from './true-up-fee';

/** The input of {@link chargeMinimumTrueUp}. */
export interface ChargeMinimumTrueUpInput {
  /** The charge's `min_amount_cents`. */
  readonly min_amount_cents: number;
  /** The charge's fees on the invoice, every filter and group bucket. */
  readonly fees: readonly Fee[];
  readonly currency: string;
  /** The charges period billed. */
  readonly charges_from_datetime: string;
  readonly charges_to_datetime: string;
  /** Days of the full charges period (`charges_duration` of the billing period). */
  readonly charges_duration: number;
  /** The customer's IANA time zone; default UTC. */
  readonly timezone?: string | null;
}

/** The result of {@link chargeMinimumTrueUp}. */
export interface ChargeMinimumTrueUp {
  /** `min_amount_cents ÷ charges_duration × days billed`, exact. */
  readonly prorated_min_amount_cents: DecimalString;
  /** Σ `amount_cents` of the charge's fees. */
  readonly used_amount_cents: Cents;
  /** `round(prorated − used)` when used is below the prorated minimum, else 0. */
  readonly amount_cents: Cents;
  /** `prorated − Σ precise amounts`, exact, in minor units (0 when no true-up). */
  readonly precise_amount_cents: DecimalString;
  /**
   * The true-up fee (1 unit, no events, no filter, parent: the charge's unfiltered fee), or
   * `null` when there is no true-up or no fee to take the charge's fields from.
   */
  readonly fee: Fee | null;
}

/**
 * A charge's `min_amount_cents` true-up (invoicing.md §7.2): the minimum is prorated on the
 * days billed (`min ÷ charges_duration × days`), and when the charge's fees add up to less,
 * a true-up fee charges the difference, rounded to a whole minor unit. Progressive-billing
 * invoices get none: do not call it for them.
 *
 * @example
 * // min 10.00, 15 of 31 days billed, fees 2.00: 483.87… − 200 = 283.87… -> 284
 * chargeMinimumTrueUp({ min_amount_cents: 1000, fees, currency: 'EUR', charges_duration: 31,
 *   charges_from_datetime: '2025-01-17T00:00:00Z', charges_to_datetime: '2025-01-31T23:59:59Z' })
 * // right({ amount_cents: 284, used_amount_cents: 200, ... })
 */
export function chargeMinimumTrueUp(
  input: ChargeMinimumTrueUpInput,
): Either<FeecastError, ChargeMinimumTrueUp> {
  const money = moneyOf(input.currency, ['currency']);
  if (isLeft(money)) return money;
  const minimum = readCents(input.min_amount_cents, ['min_amount_cents']);
  if (isLeft(minimum)) return minimum;
  if (!Number.isSafeInteger(input.charges_duration) || input.charges_duration < 1) {
    return left(
      feecastError(
        'invalid_input',
        `charges_duration must be a positive whole number of days (the full charges period), got ${String(input.charges_duration)}.`,
        ['charges_duration'],
        { value: input.charges_duration },
      ),
    );
  }
  const days = dayCount({
    from: input.charges_from_datetime,
    to: input.charges_to_datetime,
    timezone: input.timezone,
  });
  if (isLeft(days)) return days;
  const fees = readFeeList(input.fees, money.right, ['fees']);
  if (isLeft(fees)) return fees;

  const prorated = divide(
    multiply(minimum.right, decimalFromCount(days.right)),
    decimalFromCount(input.charges_duration),
  );
  if (isLeft(prorated)) return prorated;
  const used = sum(fees.right.map((f) => f.amount));
  const usedPrecise = sum(fees.right.map((f) => f.precise_amount));
  const short = compare(used, prorated.right) < 0;
  const amount = short ? roundToCent(subtract(prorated.right, used)) : ZERO;
  const precise = short ? subtract(prorated.right, usedPrecise) : ZERO;

  const usedCents = toWireCents(used, ['fees']);
  if (isLeft(usedCents)) return usedCents;
  const amountCents = toWireCents(amount, ['min_amount_cents']);
  if (isLeft(amountCents)) return amountCents;
  const parent = input.fees.find((f) => f.svc_charge_filter_id === null) ?? input.fees[0] ?? null;
  let fee: Fee | null = null;
  if (sign(amount) > 0 && parent !== null) {
    const built = trueUpFee({
      parent,
      subscription: null,
      item: { ...parent.item, filters: null, filter_invoice_display_name: null, grouped_by: {} },
      money: money.right,
      amount_cents: amount,
      precise_amount_cents: precise,
      from_date: parent.from_date ?? null,
      to_date: parent.to_date ?? null,
    });
    if (isLeft(built)) return built;
    fee = built.right;
  }
  return right({
    prorated_min_amount_cents: toWireDecimal(prorated.right),
    used_amount_cents: usedCents.right,
    amount_cents: amountCents.right,
    precise_amount_cents: toWireDecimal(precise),
    fee,
  });
}
