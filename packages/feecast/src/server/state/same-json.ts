/**
 * Whether two JSON values are equal: same primitives, same arrays item by item, same
 * objects key by key (in any order).
 *
 * @example
 * sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }); // true
 * sameJson({ a: 1 }, { a: 1, b: null }); // false
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const left = Object.entries(a);
  const right = new Map<string, unknown>(Object.entries(b));
  if (left.length !== right.size) return false;
  return left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)));
}
