import * as t from 'io-ts';
import { withShape } from './shape';

/** The codec of `null` or a value of `C` (see {@link nullable}). */
export type NullableC<C extends t.Mixed> = t.UnionType<
  [C, t.NullC],
  t.TypeOf<C> | null,
  t.OutputOf<C> | null,
  unknown
>;

/**
 * `C` or `null`. Unlike `t.union([C, t.null])`, a failure reports only what is wrong with the
 * value as a `C` (with the expectation named `C | null`), not one error per branch.
 */
export function nullable<C extends t.Mixed>(codec: C): NullableC<C> {
  return withShape(
    new t.UnionType(
      `${codec.name} | null`,
      (u): u is t.TypeOf<C> | null => u === null || codec.is(u),
      (u, c) => (u === null ? t.success(null) : codec.validate(u, c)),
      codec.encode === t.identity ? t.identity : (a) => (a === null ? null : codec.encode(a)),
      [codec, t.null],
    ),
    { kind: 'nullable', of: codec },
  );
}
