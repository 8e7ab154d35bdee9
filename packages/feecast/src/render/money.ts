/**
 * Money and quantities for people: exact decimals with the currency's minor unit, digits
 * grouped by thousands. No float ever touches an amount.
 */
import {
  add,
  currencyExponent,
  type Decimal,
  type FeecastError,
  formatDecimalFixed,
  fromCents,
  parseDecimal,
  ZERO,
} from '@feecast/engine';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';

/**
 * Groups the integer digits of a plain decimal by thousands with commas.
 *
 * @example
 * groupDigits('-1234567.891') // '-1,234,567.891'
 */
export function groupDigits(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const dot = unsigned.indexOf('.');
  const whole = dot === -1 ? unsigned : unsigned.slice(0, dot);
  const fraction = dot === -1 ? '' : unsigned.slice(dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

/**
 * A decimal amount in currency units with at least the currency's minor-unit places (more
 * when it has more) and its code: `12.5` EUR is `12.50 EUR`, `0.0125` EUR stays `0.0125 EUR`.
 *
 * @example
 * formatDecimalMoney(parseDecimalUnsafe('1234.5'), 'EUR') // right('1,234.50 EUR')
 * formatDecimalMoney(parseDecimalUnsafe('1234.5'), 'JPY') // right('1,234.5 JPY')
 */
export function formatDecimalMoney(
  amount: Decimal,
  currency: string,
): Either<FeecastError, string> {
  const exponent = currencyExponent(currency);
  if (isLeft(exponent)) return exponent;
  return right(`${groupDigits(formatDecimalFixed(amount, exponent.right))} ${currency}`);
}

/**
 * Integer minor units ("cents") as money: `123456` EUR is `1,234.56 EUR`, `500` JPY is
 * `500 JPY`, `1500` KWD is `1.500 KWD`. An unknown currency or cents that are not a safe
 * integer are a `Left`.
 *
 * @example
 * formatMoney(123456, 'EUR') // right('1,234.56 EUR')
 * formatMoney(-5, 'EUR')     // right('-0.05 EUR')
 */
export function formatMoney(cents: number, currency: string): Either<FeecastError, string> {
  const amount = fromCents(cents, currency);
  return isLeft(amount) ? amount : formatDecimalMoney(amount.right, currency);
}

/**
 * A decimal string of currency units (an unrounded `precise_amount`, a charge-model amount)
 * as money, see {@link formatDecimalMoney}.
 *
 * @example
 * formatAmount('71.44375', 'EUR') // right('71.44375 EUR')
 * formatAmount('3', 'EUR')        // right('3.00 EUR')
 */
export function formatAmount(amount: string, currency: string): Either<FeecastError, string> {
  const parsed = parseDecimal(amount);
  return isLeft(parsed) ? parsed : formatDecimalMoney(parsed.right, currency);
}

/**
 * A decimal string of units grouped by thousands, exactly as given otherwise.
 *
 * @example
 * formatUnits('1234567.5') // right('1,234,567.5')
 * formatUnits('1e3')       // right('1,000')
 */
export function formatUnits(units: string): Either<FeecastError, string> {
  const parsed = parseDecimal(units);
  return isLeft(parsed) ? parsed : right(groupDigits(formatDecimalFixed(parsed.right, 0)));
}

/**
 * The exact sum of minor-unit amounts of one currency, as a decimal in currency units.
 *
 * @example
 * sumCents([1050, 250], 'EUR') // right(13)
 */
export function sumCents(
  cents: readonly number[],
  currency: string,
): Either<FeecastError, Decimal> {
  let total = ZERO;
  for (const value of cents) {
    const amount = fromCents(value, currency);
    if (isLeft(amount)) return amount;
    total = add(total, amount.right);
  }
  return right(total);
}
