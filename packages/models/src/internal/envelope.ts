import * as t from 'io-ts';
import { type StructC, struct } from './struct';

/**
 * A request or response body: an object wrapped in root keys (`{"wallet": {...}}`). It
 * checks like {@link struct}, except when none of the required root keys is there: then one
 * problem is reported instead of one per missing key. A bare resource (root key left out)
 * is reported at `$`; a single unexpected root key (`{"wallets": ...}`) at that key.
 */
export function envelope<R extends t.Props, O extends t.Props>(
  name: string,
  required: R,
  optional: O,
): StructC<R, O> {
  const base = struct(name, required, optional);
  const roots = Object.keys(required);
  const rootList = roots.map((key) => JSON.stringify(key)).join(', ');
  const expected = `an object with the root key${roots.length > 1 ? 's' : ''} ${rootList} (${name})`;
  return new t.IntersectionType(
    name,
    base.is,
    (u, c) => {
      if (!t.UnknownRecord.is(u) || roots.length === 0 || roots.some((k) => Object.hasOwn(u, k))) {
        return base.validate(u, c);
      }
      const keys = Object.keys(u);
      const [only] = keys;
      if (keys.length === 1 && only !== undefined) {
        const value = (u as Record<string, unknown>)[only];
        return t.failure(
          value,
          t.appendContext(c, only, base, value),
          `the root key ${rootList} instead of ${JSON.stringify(only)}`,
        );
      }
      return t.failure(u, c, expected);
    },
    base.encode,
    base.types,
  );
}
