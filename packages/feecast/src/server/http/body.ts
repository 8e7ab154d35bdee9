/**
 * Request bodies: JSON text to the decoded request of an operation. A body that is not JSON
 * is a 400; a missing, `null` or empty root object is the reference's 400 ("param is
 * missing..."); a body whose fields do not decode is a 422 naming each field.
 */

import { decode } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { isRecord } from '../../guards';
import { type ApiErrorResponse, decodeFailure, malformedJson, missingParam } from './api-error';

type Codec<A> = Parameters<typeof decode<A>>[0];

const NOT_SPACE = /\S/;

/**
 * Parses JSON text; `undefined` when it is not JSON. `JSON.parse` makes every key, even
 * `__proto__`, a plain own property, so no prototype is ever touched.
 *
 * @example
 * parseJson('{"a": 1}'); // { a: 1 }
 * parseJson('{a: 1}'); // undefined
 */
export function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** A check of the root object of a body before it is decoded: an error, or `undefined`. */
export type BodyPrecheck = (
  inner: Readonly<Record<string, unknown>>,
) => ApiErrorResponse | undefined;

/**
 * Reads the body of a request to an operation whose request is enveloped in `root` (or not
 * enveloped, `root` undefined, as the finalize body `{}`; an absent body then reads `{}`).
 * `precheck` runs on the root object before the codec, for an answer the reference gives
 * before it checks any field.
 *
 * @example
 * readBody('{"add_on": {"name": "Setup"}}', CreateAddOnRequest, 'add_on');
 * // left: 422 { code: ['value_is_mandatory'], amount_cents: ['value_is_mandatory'], ... }
 * readBody('{}', CreateAddOnRequest, 'add_on');
 * // left: 400 'BadRequest: param is missing or the value is empty or invalid: add_on'
 */
export function readBody<A>(
  text: string | undefined,
  codec: Codec<A>,
  root: string | undefined,
  precheck?: BodyPrecheck,
): Either<ApiErrorResponse, A> {
  // `\S` is what `trim` keeps: a body is blank when it has none (found without copying the text).
  const blank = text === undefined || !NOT_SPACE.test(text);
  if (blank && root !== undefined) return left(missingParam(root));
  const parsed = blank ? { value: {} } : parseJson(text);
  if (parsed === undefined) return left(malformedJson());
  const value = parsed.value;
  if (!isRecord(value)) {
    return left(root === undefined ? malformedJson() : missingParam(root));
  }
  if (root !== undefined) {
    const inner = Object.hasOwn(value, root) ? value[root] : undefined;
    if (!isRecord(inner) || Object.keys(inner).length === 0) return left(missingParam(root));
    const problem = precheck?.(inner);
    if (problem !== undefined) return left(problem);
  }
  const decoded = decode(codec, value);
  return isLeft(decoded) ? left(decodeFailure(decoded.left, root)) : right(decoded.right);
}
