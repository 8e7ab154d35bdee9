import { type Either, left } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';

/**
 * A `Left` of `invalid_input` at `path`.
 *
 * @example
 * invalidInput(['wallets', '0'], 'A wallet needs its balance: credits_balance or balance_cents.')
 * @internal
 */
export function invalidInput(
  path: readonly string[],
  message: string,
): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}
