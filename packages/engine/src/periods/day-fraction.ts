import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  decimalFromInteger,
  divide,
  type FeecastError,
  feecastError,
  formatDecimal,
} from '../core/index';

/**
 * A number of days out of a period's length: the unit of every proration and elapsed fraction.
 * `days` and `duration` are exact integers, so exact products can be formed as
 * `value × days ÷ duration` with the decimal core; `ratio` is `days ÷ duration` as a decimal
 * string (exact when the fraction terminates, else to 40 decimal places, half away from zero at
 * the 40th: the decimal core's division).
 */
export interface DayFraction {
  readonly days: number;
  readonly duration: number;
  readonly ratio: string;
}

/**
 * `days ÷ duration` as a {@link DayFraction}. `days` must be a non-negative integer and
 * `duration` a positive one; anything else is a `Left` (`division_by_zero` for a zero
 * duration), never `Infinity` or `NaN`.
 *
 * @example
 * dayFraction(17, 31) // right({ days: 17, duration: 31, ratio: '0.5483870967741935483870967741935483870968' })
 * dayFraction(5, 10)  // right({ days: 5, duration: 10, ratio: '0.5' })
 */
export function dayFraction(days: number, duration: number): Either<FeecastError, DayFraction> {
  if (duration === 0) {
    return left(feecastError('division_by_zero', 'A period of 0 days has no day fraction.'));
  }
  if (!Number.isSafeInteger(days) || days < 0 || !Number.isSafeInteger(duration) || duration < 0) {
    return left(
      feecastError(
        'out_of_range',
        `A day fraction needs whole, non-negative day counts, got ${days} of ${duration}.`,
        undefined,
        { days, duration },
      ),
    );
  }
  const numerator = decimalFromInteger(days);
  if (isLeft(numerator)) return numerator;
  const denominator = decimalFromInteger(duration);
  if (isLeft(denominator)) return denominator;
  const quotient = divide(numerator.right, denominator.right);
  if (isLeft(quotient)) return quotient;
  return right({ days, duration, ratio: formatDecimal(quotient.right) });
}
