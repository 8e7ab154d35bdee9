import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  abs,
  add,
  compare,
  type Decimal,
  divide,
  equals,
  type FeecastError,
  feecastError,
  floor,
  formatDecimal,
  multiply,
  negate,
  ONE,
  parseDecimal,
  type Scale,
  scaleOf,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';

/** Rounding to 0 decimal places: counts of units are integers. */
const INTEGER = 0 as Scale;

/**
 * Splits `amount` into one share per weight, in proportion to the weights, each share a
 * multiple of `10^-scale`, the shares adding up to exactly `amount`. This is the one place
 * where an amount is spread over fees (a coupon over its eligible fees, a credit note over an
 * invoice's fees).
 *
 * Largest remainder: every share is first its exact proportional part rounded toward zero to
 * the scale; the units left over (fewer than the number of weights) go one each to the shares
 * with the largest remainders, the earlier share first on equal remainders. So each share
 * lies within one unit of its exact part, a zero weight gets a zero share, and when `amount`
 * is at most the sum of weights that are themselves multiples of the unit, no share exceeds
 * its weight.
 *
 * `Left`: a negative weight (`invalid_input`, path `['weights', i]`), an amount that is not a
 * multiple of `10^-scale` (`invalid_input`), a non-zero amount over weights that add up to
 * zero (`division_by_zero`), or a scale that is not an integer within ±1000 (`out_of_range`).
 *
 * @example
 * import { allocateProportionally, parseDecimalUnsafe as d, formatDecimal } from '@feecast/engine';
 * const shares = allocateProportionally(d('1000'), [d('1000'), d('2000')], 5);
 * // right([333.33333, 666.66667]): 333.333333... and 666.666666... rounded so they add up to 1000
 * shares.right.map(formatDecimal) // ['333.33333', '666.66667']
 */
export function allocateProportionally(
  amount: Decimal,
  weights: readonly Decimal[],
  scale: number,
): Either<FeecastError, Decimal[]> {
  const places = scaleOf(scale, ['scale']);
  if (isLeft(places)) return places;
  for (const [i, weight] of weights.entries()) {
    if (sign(weight) < 0) {
      return left(
        feecastError(
          'invalid_input',
          `Weight ${i} is ${formatDecimal(weight)}; an amount can only be spread over weights of 0 or more.`,
          ['weights', String(i)],
          { value: formatDecimal(weight) },
        ),
      );
    }
  }
  const unit = parseDecimal(`1e${-places.right}`, ['scale']);
  if (isLeft(unit)) return unit;
  const units = divide(amount, unit.right);
  if (isLeft(units)) return units;
  if (!equals(floor(units.right, INTEGER), units.right)) {
    return left(
      feecastError(
        'invalid_input',
        `Cannot spread ${formatDecimal(amount)} in steps of ${formatDecimal(unit.right)}; round the amount to ${scale} decimal places first.`,
        ['amount'],
        { value: formatDecimal(amount), scale },
      ),
    );
  }
  const whole = abs(units.right);
  const total = sum(weights);
  if (sign(total) === 0) {
    if (sign(whole) === 0) return right(weights.map(() => ZERO));
    return left(
      feecastError(
        'division_by_zero',
        `Cannot spread ${formatDecimal(amount)} over weights that add up to 0.`,
        ['weights'],
      ),
    );
  }
  const parts = weights.map((weight) => floorPart(multiply(whole, weight), total));
  let leftover = subtract(whole, sum(parts.map((part) => part.units)));
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) => compare(b.remainder, a.remainder) || a.index - b.index);
  const extra = new Set<number>();
  for (const { index, remainder } of byRemainder) {
    if (sign(leftover) <= 0 || sign(remainder) === 0) break;
    extra.add(index);
    leftover = subtract(leftover, ONE);
  }
  const negative = sign(amount) < 0;
  return right(
    parts.map((part, index) => {
      const share = multiply(extra.has(index) ? add(part.units, ONE) : part.units, unit.right);
      return negative ? negate(share) : share;
    }),
  );
}

/** ⌊numerator / denominator⌋ and the exact remainder, for a numerator ≥ 0 and a denominator > 0. */
function floorPart(
  numerator: Decimal,
  denominator: Decimal,
): { readonly units: Decimal; readonly remainder: Decimal } {
  // The quotient is computed to 40 places, so its floor can be one off when the exact quotient
  // sits within 10^-40 of an integer: correct it against the exact product.
  let units = ZERO;
  const quotient = divide(numerator, denominator);
  if (isRight(quotient)) units = floor(quotient.right, INTEGER);
  while (compare(multiply(units, denominator), numerator) > 0) units = subtract(units, ONE);
  while (compare(multiply(add(units, ONE), denominator), numerator) <= 0) units = add(units, ONE);
  return { units, remainder: subtract(numerator, multiply(units, denominator)) };
}
