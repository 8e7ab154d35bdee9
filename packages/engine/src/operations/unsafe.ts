import type { Either } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../core/index';

/**
 * The value of a `Right`, or a thrown `Error` for a `Left`: the throwing twins (`...Unsafe`)
 * of the operations. The error's message is the `FeecastError`'s code and message, and its
 * `cause` the `FeecastError` itself (code, path, details).
 *
 * @example
 * orThrow(estimateFees(input)) // { fees: [...] }, or throws Error('does_not_match_an_instant_charge: ...')
 * @internal
 */
export function orThrow<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Right') return result.right;
  throw new Error(`${result.left.code}: ${result.left.message}`, { cause: result.left });
}
