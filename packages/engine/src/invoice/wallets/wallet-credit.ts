import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  centsToUnits,
  type Decimal,
  divide,
  down,
  type FeecastError,
  feecastError,
  halfAwayFromZero,
  type Money,
  moneyOf,
  multiply,
  parseDecimal,
  readCents,
  roundToCent,
  type Scale,
  sign,
  unitsToCents,
  ZERO,
} from '../../core/index';
import { type CreditValue, toWireCreditAmount, type WalletCreditAmount } from './credit-wire';

export type { CreditValue, WalletCreditAmount } from './credit-wire';

/** Credits are stored with 5 decimals (`decimal(30,5)` columns of the reference). */
export const CREDITS_SCALE = 5 as Scale;

/** The input of {@link walletCredit}. */
export interface WalletCreditInput {
  /** A number of credits, as a decimal string. */
  readonly credits: string;
  /** The wallet's `rate_amount`: the value of one credit in currency units. */
  readonly rate_amount: string;
  readonly currency: string;
  /**
   * `true` (the default) for credits that are bought or invoiced: they are re-derived from
   * the rounded amount, so only whole minor units survive. `false` for credits taken as given
   * (granted and voided credits).
   */
  readonly invoiceable?: boolean;
}

/**
 * Reads a wallet's `rate_amount`; it must be a positive decimal.
 *
 * @example
 * readRate('0.001', ['rate_amount']) // right(0.001)
 * readRate('0', ['rate_amount'])     // left({ code: 'invalid_input', ... })
 * @internal
 */
export function readRate(value: unknown, path: readonly string[]): Either<FeecastError, Decimal> {
  const rate = parseDecimal(value, path);
  if (isLeft(rate)) return rate;
  if (sign(rate.right) <= 0) {
    return left(
      feecastError(
        'invalid_input',
        `${path.join('.')} must be a positive decimal (the value of one credit), got ${JSON.stringify(value)}.`,
        path,
        { value },
      ),
    );
  }
  return right(rate.right);
}

/**
 * Credits to money (§6.1): `amount = round(credits × rate, exponent)`; invoiceable credits
 * are then re-derived as `amount ÷ rate` (5 decimals).
 *
 * @example
 * creditValue(d('1034'), d('0.001'), eur, true) // { credits: 1030, amount: 1.03, amount_cents: 103 }
 * @internal
 */
export function creditValue(
  credits: Decimal,
  rate: Decimal,
  money: Money,
  invoiceable: boolean,
): CreditValue {
  const amount = halfAwayFromZero(multiply(credits, rate), money.exponent);
  return {
    credits: invoiceable ? creditsOfAmount(amount, rate) : credits,
    amount,
    amount_cents: unitsToCents(amount, money),
  };
}

/**
 * Money to credits (§6.1 `from_amount_cents`): the minor units rounded to a whole unit, then
 * `credits = amount ÷ rate` (5 decimals).
 *
 * @example
 * creditValueOfCents(d('103.4589'), d('0.001'), eur) // { credits: 1030, amount: 1.03, amount_cents: 103 }
 * @internal
 */
export function creditValueOfCents(cents: Decimal, rate: Decimal, money: Money): CreditValue {
  const whole = roundToCent(cents);
  const amount = centsToUnits(whole, money);
  return { credits: creditsOfAmount(amount, rate), amount, amount_cents: whole };
}

/** `amount ÷ rate` to 5 decimals, half away from zero (rate > 0 is checked by readRate). */
function creditsOfAmount(amount: Decimal, rate: Decimal): Decimal {
  const q = divide(amount, rate);
  return isLeft(q) ? ZERO : halfAwayFromZero(q.right, CREDITS_SCALE);
}

/**
 * What a number of wallet credits is worth (invoicing.md §6.1): `amount = round(credits ×
 * rate_amount)` to the currency's minor unit; invoiceable credits are re-derived from that
 * amount, so only whole minor units survive.
 *
 * @example
 * walletCredit({ credits: '1034', rate_amount: '0.001', currency: 'EUR' })
 * // right({ credits: '1030', amount: '1.03', amount_cents: 103 })
 */
export function walletCredit(input: WalletCreditInput): Either<FeecastError, WalletCreditAmount> {
  const money = moneyOf(input.currency, ['currency']);
  if (isLeft(money)) return money;
  const rate = readRate(input.rate_amount, ['rate_amount']);
  if (isLeft(rate)) return rate;
  const credits = parseDecimal(input.credits, ['credits']);
  if (isLeft(credits)) return credits;
  return toWireCreditAmount(
    creditValue(credits.right, rate.right, money.right, input.invoiceable ?? true),
    ['amount_cents'],
  );
}

/** The input of {@link walletCreditFromCents}. */
export interface WalletCreditFromCentsInput {
  /** An amount in minor units; a fraction is rounded to a whole minor unit. */
  readonly amount_cents: number | string;
  readonly rate_amount: string;
  readonly currency: string;
}

/**
 * The credits worth an amount of money (invoicing.md §6.1 `from_amount_cents`): the minor
 * units rounded half away from zero, then `credits = amount ÷ rate_amount` (5 decimals).
 *
 * @example
 * walletCreditFromCents({ amount_cents: '103.4589', rate_amount: '0.001', currency: 'EUR' })
 * // right({ credits: '1030', amount: '1.03', amount_cents: 103 })
 */
export function walletCreditFromCents(
  input: WalletCreditFromCentsInput,
): Either<FeecastError, WalletCreditAmount> {
  const money = moneyOf(input.currency, ['currency']);
  if (isLeft(money)) return money;
  const rate = readRate(input.rate_amount, ['rate_amount']);
  if (isLeft(rate)) return rate;
  const cents =
    typeof input.amount_cents === 'number'
      ? readCents(input.amount_cents, ['amount_cents'])
      : parseDecimal(input.amount_cents, ['amount_cents']);
  if (isLeft(cents)) return cents;
  return toWireCreditAmount(creditValueOfCents(cents.right, rate.right, money.right), [
    'amount_cents',
  ]);
}

/**
 * `true` when credits are worth something but round to 0 minor units (invoicing.md §6.1
 * `rounds_to_zero?`): the credits, floored to 5 decimals, are positive, yet their invoiceable
 * amount is 0 cents. Such a top-up could not be invoiced.
 *
 * @example
 * creditsRoundToZero({ credits: '0.4', rate_amount: '0.01', currency: 'EUR' }) // right(true)
 * creditsRoundToZero({ credits: '1.0', rate_amount: '0.001', currency: 'KWD' }) // right(false)
 */
export function creditsRoundToZero(
  input: Omit<WalletCreditInput, 'invoiceable'>,
): Either<FeecastError, boolean> {
  const money = moneyOf(input.currency, ['currency']);
  if (isLeft(money)) return money;
  const rate = readRate(input.rate_amount, ['rate_amount']);
  if (isLeft(rate)) return rate;
  const credits = parseDecimal(input.credits, ['credits']);
  if (isLeft(credits)) return credits;
  const floored = down(credits.right, CREDITS_SCALE);
  if (sign(floored) <= 0) return right(false);
  return right(sign(creditValue(floored, rate.right, money.right, true).amount_cents) === 0);
}
