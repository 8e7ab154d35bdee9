import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { withShape } from './shape';

/** The codec of an object with required keys `R` and optional keys `O` (see {@link struct}). */
export type StructC<R extends t.Props, O extends t.Props> = t.IntersectionC<
  [t.TypeC<R>, t.PartialC<O>]
>;

/**
 * An object codec: the keys of `required` must be present, the keys of `optional` may be left
 * out (absent, never `undefined` on the wire). Unknown extra keys are accepted and kept: the
 * decoded value is the input object itself, so `encode(decode(x))` is `x`.
 *
 * Unlike `t.intersection`, both halves check the object at the same path (no `"0"`/`"1"`
 * member index in error paths) and a value that is not an object is reported once.
 */
export function struct<R extends t.Props, O extends t.Props>(
  name: string,
  required: R,
  optional: O,
): StructC<R, O> {
  type A = t.TypeOf<t.TypeC<R>> & t.TypeOf<t.PartialC<O>>;
  type Out = t.OutputOf<t.TypeC<R>> & t.OutputOf<t.PartialC<O>>;
  const whole = t.type(required, name);
  const part = t.partial(optional, name);
  const identity = whole.encode === t.identity && part.encode === t.identity;
  const codec = new t.IntersectionType<[t.TypeC<R>, t.PartialC<O>], A, Out, unknown>(
    name,
    (u): u is A => whole.is(u) && part.is(u),
    (u, c) => {
      if (!t.UnknownRecord.is(u)) return t.failure(u, c);
      const a = whole.validate(u, c);
      const b = part.validate(u, c);
      if (isLeft(a) || isLeft(b)) {
        return t.failures([...(isLeft(a) ? a.left : []), ...(isLeft(b) ? b.left : [])]);
      }
      // Every codec of this package decodes to its input, so both halves return `u` itself.
      return t.success(
        a.right === u && b.right === u ? (u as A) : { ...u, ...a.right, ...b.right },
      );
    },
    identity ? t.identity : (a) => ({ ...a, ...whole.encode(a), ...part.encode(a) }),
    [whole, part],
  );
  return withShape(codec, { kind: 'struct', required, optional });
}
