import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../error';
import { movePoint } from './decimal';
import { formatDecimal } from './format';
import { MINOR_UNITS } from './iso4217';
import type { Rounding } from './rounding';
import type { Scale } from './scale';
import { scaledOf } from './scaled-batch';
import { type Decimal, decimalOf, fromValue } from './value';

/**
 * The number of decimal places of a currency's minor unit (ISO 4217): EUR 2, JPY 0, KWD 3,
 * CLF 4. An unknown code is a `Left` (`unknown_currency`) that says what to use instead.
 *
 * @example
 * currencyExponent('KWD') // => right(3)
 * currencyExponent('eur') // ~> left({ code: 'unknown_currency', message: 'Unknown currency "eur". Currency codes are upper case: use "EUR".' })
 */
export function currencyExponent(
  currency: string,
  path?: readonly string[],
): Either<FeecastError, Scale> {
  const exponent = MINOR_UNITS.get(currency);
  if (exponent !== undefined) return right(exponent as Scale);
  const upper = typeof currency === 'string' ? currency.toUpperCase() : '';
  const hint = MINOR_UNITS.has(upper)
    ? `Currency codes are upper case: use "${upper}".`
    : 'Use an active ISO 4217 code with a minor unit, such as "EUR", "USD" or "JPY".';
  return left(
    feecastError(
      'unknown_currency',
      `Unknown currency ${JSON.stringify(currency)}. ${hint}`,
      path,
      {
        value: currency,
      },
    ),
  );
}

/**
 * An amount in currency units to an integer number of minor units ("cents"): rounded to the
 * currency's exponent with `rounding`, then shifted. A result beyond ±(2^53 − 1) is a `Left`.
 *
 * @example
 * toCents(parseDecimalUnsafe('12.345'), 'EUR', halfAwayFromZero) // => right(1235)
 * toCents(parseDecimalUnsafe('12.5'), 'JPY', halfAwayFromZero) // => right(13)
 */
export function toCents(
  amount: Decimal,
  currency: string,
  rounding: Rounding,
  path?: readonly string[],
): Either<FeecastError, number> {
  const exponent = currencyExponent(currency, path);
  if (isLeft(exponent)) return exponent;
  return wholeMinorUnits(
    movePoint(rounding(amount, exponent.right), exponent.right),
    currency,
    path,
  );
}

/**
 * A whole number of minor units (already rounded) as a JSON number; beyond ±(2^53 − 1) it is
 * a `Left` that names the currency.
 *
 * @example
 * wholeMinorUnits(parseDecimalUnsafe('1235'), 'EUR') // right(1235)
 * @internal
 */
export function wholeMinorUnits(
  cents: Decimal,
  currency: string,
  path?: readonly string[],
): Either<FeecastError, number> {
  // An integer of up to 15 digits is read from its digits (exact in a double, no text).
  const scaled = scaledOf(cents);
  if (scaled !== undefined && scaled.scale === 0)
    return right(scaled.units === 0 ? 0 : scaled.units);
  // The exact decimal text of an integer; not float arithmetic.
  const text = formatDecimal(cents);
  // An exact integer's text read as a JSON number, checked safe below: no rounding happens.
  const asNumber = Number(text);
  if (!Number.isSafeInteger(asNumber)) {
    return left(
      feecastError(
        'out_of_range',
        `${text} ${currency} minor units is beyond the safe integer range.`,
        path,
        { value: text },
      ),
    );
  }
  return right(asNumber === 0 ? 0 : asNumber);
}

/**
 * An integer number of minor units ("cents") to an exact amount in currency units.
 *
 * @example
 * const eur = fromCents(1235, 'EUR');
 * eur._tag === 'Right' && formatDecimal(eur.right) // => '12.35'
 * const kwd = fromCents(1235, 'KWD');
 * kwd._tag === 'Right' && formatDecimal(kwd.right) // => '1.235'
 */
export function fromCents(
  cents: number,
  currency: string,
  path?: readonly string[],
): Either<FeecastError, Decimal> {
  const exponent = currencyExponent(currency, path);
  if (isLeft(exponent)) return exponent;
  if (!Number.isSafeInteger(cents)) {
    return left(
      feecastError(
        'invalid_input',
        `Minor units must be a safe integer, got ${String(cents)}.`,
        path,
        {
          value: cents,
        },
      ),
    );
  }
  return right(fromValue(decimalOf(cents, exponent.right)));
}
