import { type Either, isRight, left, right } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import {
  type DecodeFailure,
  type DecodeProblem,
  failureOf,
  pathWith,
  unreadableFailure,
} from './internal/failure';

export type { DecodeFailure, DecodeProblem } from './internal/failure';

/**
 * Decodes `input` with `codec`: `right(value)` when it matches, else `left(failure)` listing
 * every problem with its path, what was expected and what was found. It never throws, for
 * any input (a getter that throws, a revoked proxy, a cycle...: one problem at `$`), and it
 * never writes to the input or to any prototype. The decoded value is the input itself
 * (codecs of this package check and brand, they do not transform or strip).
 *
 * @example
 * // A wallet whose balance came as a string:
 * const body = JSON.stringify({ wallet: { ...wallet, balance_cents: '1000' } });
 * const result = decode(WalletResponse, JSON.parse(body));
 * result._tag === 'Left' && result.left.message
 * // => 'Could not decode WalletResponse: 1 problem\n- wallet.balance_cents: expected Cents (an integer amount in minor units, as a JSON number), found "1000"'
 * decode(WalletResponse, { wallet }) // ~> right({ wallet: { balance_cents: 2500 } })
 */
export function decode<A>(codec: t.Decoder<unknown, A>, input: unknown): Either<DecodeFailure, A> {
  const name = nameOf(codec);
  try {
    const result = codec.decode(input);
    if (isRight(result)) return right(result.right);
    return left(failureOf(name, result.left.map(problemOf)));
  } catch (error) {
    return left(unreadableFailure(name, input, error));
  }
}

/** Renders a path from an io-ts context: keys after the root entry. */
function pathOf(context: t.Context): string {
  let path = '';
  for (let i = 1; i < context.length; i++) {
    const entry = context[i];
    if (entry === undefined) continue;
    path = pathWith(path, entry.key, Array.isArray(context[i - 1]?.actual));
  }
  return path === '' ? '$' : path;
}

function problemOf(error: t.ValidationError): DecodeProblem {
  const expected = error.message ?? error.context[error.context.length - 1]?.type.name ?? '?';
  return { path: pathOf(error.context), expected, actual: error.value };
}

function nameOf(codec: t.Decoder<unknown, unknown>): string {
  try {
    return typeof codec.name === 'string' ? codec.name : 'value';
  } catch {
    return 'value';
  }
}
