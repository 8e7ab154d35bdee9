/**
 * Wallet credits and money (invoicing.md §6.1): credits are floored to 5 decimal places, an
 * amount is `credits × rate_amount` rounded half away from zero to the currency's minor
 * unit, and paid (invoiced) credits are re-derived from that amount (kept to 5 places), so
 * only whole cents of credit are ever bought.
 */
import {
  currencyExponent,
  type Decimal,
  divide,
  floor,
  halfAwayFromZero,
  multiply,
  parseDecimal,
  scaleOf,
  toCents,
} from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

/** Credits and their value: the credits (5 dp), the amount in currency units, in cents. */
export interface WalletCredit {
  readonly credits: Decimal;
  readonly amount: Decimal;
  readonly amountCents: number;
}

/** The number of decimal places credits are stored with. */
const CREDIT_PLACES = 5;

/**
 * The value of `credits` in a wallet with `rateAmount` and `currency`. With `invoiceable`
 * (paid credits), the credits are re-derived from the rounded amount.
 *
 * @example
 * // rate 0.001 EUR per credit, 1034 credits: 1.03 EUR, 103 cents, 1030 credits (§6.1)
 * walletCredit('1034', '0.001', 'EUR', true);
 * // right({ credits: 1030, amount: 1.03, amountCents: 103 })
 */
export function walletCredit(
  credits: string,
  rateAmount: string,
  currency: string,
  invoiceable: boolean,
): Either<string, WalletCredit> {
  const parsed = parseDecimal(credits);
  const rate = parseDecimal(rateAmount);
  const places = scaleOf(CREDIT_PLACES);
  const exponent = currencyExponent(currency);
  if (parsed._tag === 'Left') return left('invalid_amount');
  if (rate._tag === 'Left' || places._tag === 'Left' || exponent._tag === 'Left') {
    return left('invalid_wallet');
  }
  const floored = floor(parsed.right, places.right);
  const minor = scaleOf(exponent.right);
  if (minor._tag === 'Left') return left('invalid_wallet');
  const amount = halfAwayFromZero(multiply(floored, rate.right), minor.right);
  const cents = toCents(amount, currency, halfAwayFromZero);
  if (cents._tag === 'Left') return left('invalid_amount');
  if (!invoiceable) return right({ credits: floored, amount, amountCents: cents.right });
  const rederived = divide(amount, rate.right);
  if (rederived._tag === 'Left') return left('invalid_wallet');
  // Stored with 5 decimal places, as the reference's decimal(30,5) column keeps them.
  const stored = halfAwayFromZero(rederived.right, places.right);
  return right({ credits: stored, amount, amountCents: cents.right });
}
