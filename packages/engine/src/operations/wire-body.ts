import { decode } from '@feecast/models';
import { type Either, isRight, left, right } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { decodePath, type FeecastError, feecastError } from '../core/index';

/**
 * A response body checked with its `@feecast/models` codec, so that what an operation returns
 * is exactly what the API sends (and typed as the codec's type). A body that does not fit is
 * a `Left` naming the field (`out_of_range`: a figure the wire cannot carry).
 *
 * The body is checked by the codec's type guard (`is`), with no result or path per field:
 * every codec of the models decodes a value its guard accepts to that value itself (`struct`,
 * `array`, `dict`), so such a body is answered as it is, the decode's answer. Only a body the
 * guard refuses is decoded, for its problems and their paths.
 *
 * @example
 * wireBody(CustomerUsageResponse, { customer_usage: body }) // right({ customer_usage: body })
 * @internal
 */
export function wireBody<A>(
  codec: t.Type<A, unknown, unknown>,
  body: unknown,
): Either<FeecastError, A> {
  try {
    if (codec.is(body)) return right(body);
  } catch {
    // A body the guard cannot read: the decode below says what it is.
  }
  const decoded = decode(codec, body);
  if (isRight(decoded)) return right(decoded.right);
  const [first] = decoded.left.problems;
  return left(
    feecastError(
      'out_of_range',
      `The response cannot be written on the wire: ${decoded.left.message}`,
      decodePath(first?.path ?? '$'),
      { problems: decoded.left.problems },
    ),
  );
}
