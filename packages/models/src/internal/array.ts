import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { MAX_ELEMENT_PROBLEMS, MAX_LIST_LENGTH } from './limits';
import { withShape } from './shape';

/**
 * `t.array(codec)` with bounds: an array longer than `MAX_LIST_LENGTH` fails at once
 * (the list, not each element), and checking stops after 100 bad elements, so any array a
 * caller can build is decoded in bounded time and memory. Otherwise the same codec: the same
 * name, type, checks and encoding.
 */
export function array<C extends t.Mixed>(codec: C, name = `Array<${codec.name}>`): t.ArrayC<C> {
  const plain = t.array(codec, name);
  const bounded = new t.ArrayType<C, t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    name,
    (u): u is t.TypeOf<C>[] => Array.isArray(u) && u.length <= MAX_LIST_LENGTH && plain.is(u),
    (u, c) => {
      if (!Array.isArray(u) || u.length > MAX_LIST_LENGTH) return t.failure(u, c);
      const errors: t.ValidationError[] = [];
      let bad = 0;
      for (let i = 0; i < u.length && bad < MAX_ELEMENT_PROBLEMS; i++) {
        const item: unknown = u[i];
        const result = codec.validate(item, t.appendContext(c, String(i), codec, item));
        if (isLeft(result)) {
          bad++;
          for (const error of result.left) errors.push(error);
        }
      }
      // Every codec of this package decodes to its input: the array itself.
      return errors.length > 0 ? t.failures(errors) : t.success(u);
    },
    plain.encode,
    codec,
  );
  return withShape(bounded, { kind: 'array', of: codec });
}
