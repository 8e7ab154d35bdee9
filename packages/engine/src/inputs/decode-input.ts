import { type DecodeFailure, decode } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { decodePath, type FeecastError, feecastError } from '../core/index';

/**
 * Decodes one input of an operation with its wire codec: the value itself, or a `Left`
 * (`invalid_input`) whose path is the input's path followed by the first problem's, and whose
 * message lists every problem the decoder found.
 *
 * @example
 * decodeInput(Customer, input.customer, ['customer'])
 * // left({ code: 'invalid_input', path: ['customer', 'svc_id'], message: 'customer: Could not decode Customer: ...' })
 * @internal
 */
export function decodeInput<A>(
  codec: t.Decoder<unknown, A>,
  value: unknown,
  path: readonly string[],
): Either<FeecastError, A> {
  return decodedInput(decode(codec, value), path);
}

/**
 * One input of an operation as its check (`decode` with a codec, or `checkResource`) found it:
 * the value itself, or a `Left` (`invalid_input`) whose path is the input's path followed by the
 * first problem's, and whose message lists every problem found.
 *
 * @example
 * decodedInput(checkResource('Customer', input.customer), ['customer'])
 * // left({ code: 'invalid_input', path: ['customer', 'svc_id'], message: 'customer: Could not decode Customer: ...' })
 * @internal
 */
export function decodedInput<A>(
  decoded: Either<DecodeFailure, A>,
  path: readonly string[],
): Either<FeecastError, A> {
  if (isRight(decoded)) return right(decoded.right);
  const [first] = decoded.left.problems;
  const where = path.length === 0 ? 'the input' : path.join('.');
  return left(
    feecastError(
      'invalid_input',
      `${where}: ${decoded.left.message}`,
      [...path, ...decodePath(first?.path ?? '$')],
      { problems: decoded.left.problems },
    ),
  );
}

/**
 * Decodes an optional list input: absent or `null` is an empty list; anything else must be an
 * array whose every element decodes with `codec` (errors name the element's index).
 *
 * @example
 * decodeList(Wallet, input.wallets, ['wallets']) // right([wallet, ...]) or left at ['wallets', '2', ...]
 * @internal
 */
export function decodeList<A>(
  codec: t.Decoder<unknown, A>,
  value: unknown,
  path: readonly string[],
): Either<FeecastError, A[]> {
  if (value === undefined || value === null) return right([]);
  if (!Array.isArray(value)) {
    return left(
      feecastError('invalid_input', `${path.join('.')} must be an array (or left out).`, path, {
        value,
      }),
    );
  }
  const out: A[] = [];
  for (const [i, element] of value.entries()) {
    const decoded = decodeInput(codec, element, [...path, String(i)]);
    if (isLeft(decoded)) return decoded;
    out.push(decoded.right);
  }
  return right(out);
}
