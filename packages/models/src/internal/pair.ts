import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

/** The codec of a two-element array `[A, B]` (see {@link pair}). */
export type PairC<A extends t.Mixed, B extends t.Mixed> = t.TupleC<[A, B]>;

/**
 * An array of exactly two elements. Unlike `t.tuple`, a longer array is refused rather than
 * silently cut, so the decoded value is always the input array itself.
 */
export function pair<A extends t.Mixed, B extends t.Mixed>(
  first: A,
  second: B,
  name = `[${first.name}, ${second.name}]`,
): PairC<A, B> {
  return new t.TupleType(
    name,
    (u): u is [t.TypeOf<A>, t.TypeOf<B>] =>
      Array.isArray(u) && u.length === 2 && first.is(u[0]) && second.is(u[1]),
    (u, c) => {
      if (!Array.isArray(u) || u.length !== 2) return t.failure(u, c);
      const errors: t.ValidationError[] = [];
      const checks: [t.Mixed, unknown][] = [
        [first, u[0]],
        [second, u[1]],
      ];
      checks.forEach(([codec, value], index) => {
        const result = codec.validate(value, t.appendContext(c, String(index), codec, value));
        if (isLeft(result)) for (const error of result.left) errors.push(error);
      });
      return errors.length > 0 ? t.failures(errors) : t.success(u as [t.TypeOf<A>, t.TypeOf<B>]);
    },
    first.encode === t.identity && second.encode === t.identity
      ? t.identity
      : (a) => [first.encode(a[0]), second.encode(a[1])],
    [first, second],
  );
}
