/**
 * Whether two values read as plain data (JSON's values: primitives, arrays, objects) are the
 * same data: the same primitives (`===`), arrays item by item, objects key by key in any order
 * (a key set to `undefined` is a key). The same object is the same data at once, so a caller
 * that keeps what it compared (a usage meter's kept states, a server's stored resources)
 * compares by identity first and by content only when the identity changed. Other objects (a
 * `Map`, a `Date`) compare by their own enumerable keys only: give plain data.
 *
 * @example
 * sameData({ a: [1, { b: 2 }], c: 'x' }, { c: 'x', a: [1, { b: 2 }] }) // true
 * sameData({ a: 1 }, { a: 1, b: null })                               // false
 * sameData([1, 2], [2, 1])                                            // false
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const list = Array.isArray(a);
  if (list !== Array.isArray(b)) return false;
  if (list) {
    const first = a as readonly unknown[];
    const second = b as readonly unknown[];
    if (first.length !== second.length) return false;
    for (let i = 0; i < first.length; i++) if (!sameData(first[i], second[i])) return false;
    return true;
  }
  const first = a as Readonly<Record<string, unknown>>;
  const second = b as Readonly<Record<string, unknown>>;
  const keys = Object.keys(first);
  if (keys.length !== Object.keys(second).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(second, key) || !sameData(first[key], second[key])) return false;
  }
  return true;
}
