import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { describeValue } from '../describe-value';
import { type FeecastError, feecastError } from '../error';

declare const scaleBrand: unique symbol;

/**
 * A number of decimal places: an integer from -{@link MAX_SCALE} to {@link MAX_SCALE}. A
 * negative scale rounds to tens, hundreds... (`-2` rounds 1234 to 1200). Rounding functions
 * take a `Scale`, so an invalid one cannot reach them.
 */
export type Scale = number & { readonly [scaleBrand]: 'Scale' };

/** The largest number of decimal places (and of tens, for negative scales) the engine uses. */
export const MAX_SCALE = 1000;

/**
 * `true` when `n` is a valid {@link Scale}.
 *
 * @example
 * isScale(2) // => true
 * isScale(1.5) // => false
 */
export function isScale(n: unknown): n is Scale {
  return Number.isInteger(n) && Math.abs(n as number) <= MAX_SCALE;
}

/**
 * Checks a number of decimal places.
 *
 * @example
 * scaleOf(2) // => right(2)
 * scaleOf(1.5) // ~> left({ code: 'out_of_range' })
 */
export function scaleOf(n: number, path?: readonly string[]): Either<FeecastError, Scale> {
  return isScale(n)
    ? right(n)
    : left(
        feecastError(
          'out_of_range',
          `A scale (number of decimal places) must be an integer from -${MAX_SCALE} to ${MAX_SCALE}, got ${describeValue(n)}.`,
          path,
          { value: n },
        ),
      );
}

/** A literal scale known to be valid (a constant in the engine's own code). @internal */
export function literalScale<N extends number>(n: N): Scale {
  return n as number as Scale;
}
