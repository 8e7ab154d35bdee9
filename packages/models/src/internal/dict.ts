import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { withShape } from './shape';

/** The codec of an object whose every own key maps to a value of `C` (see {@link dict}). */
export type DictC<C extends t.Mixed> = t.RecordC<t.StringC, C>;

/**
 * An object with any string keys whose values all decode with `codomain`, which must not
 * transform on decode (no codec of this package does). Own enumerable keys only, keys such
 * as `__proto__` included; the decoded value is the input object itself.
 */
export function dict<C extends t.Mixed>(
  codomain: C,
  name = `Record<string, ${codomain.name}>`,
): DictC<C> {
  const codec = new t.DictionaryType(
    name,
    (u): u is Record<string, t.TypeOf<C>> =>
      t.UnknownRecord.is(u) && Object.values(u).every((value) => codomain.is(value)),
    (u, c) => {
      if (!t.UnknownRecord.is(u)) return t.failure(u, c);
      const errors: t.ValidationError[] = [];
      for (const [key, value] of Object.entries(u)) {
        const result = codomain.validate(value, t.appendContext(c, key, codomain, value));
        if (isLeft(result)) for (const error of result.left) errors.push(error);
      }
      return errors.length > 0 ? t.failures(errors) : t.success(u as Record<string, t.TypeOf<C>>);
    },
    codomain.encode === t.identity
      ? t.identity
      : (a) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, codomain.encode(v)])),
    t.string,
    codomain,
  );
  return withShape(codec, { kind: 'dict', of: codomain });
}
