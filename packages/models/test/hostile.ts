/**
 * Hostile values: what a caller can build in JavaScript that JSON cannot carry, for the
 * never-throw properties of `@feecast/models` and `@feecast/engine` (the engine's tests import
 * this file). The arbitraries generate recipes ({@link Hostile}), and each property builds the
 * value in its run: fast-check itself inspects generated values (and would trip on a revoked
 * proxy), and a cycle or proxy is best not shared between runs.
 */
import fc from 'fast-check';

/** A thrown error, from a getter, a proxy trap or an iterator of the caller. */
function boom(): never {
  throw new Error('boom: a getter or trap of the caller threw');
}

/** Builders of hostile values, named for the failure messages. */
const BUILDERS: readonly (readonly [string, (inner: unknown) => unknown])[] = [
  ['a BigInt', () => 10n],
  ['a BigInt beyond 2^64', () => 2n ** 70n],
  ['a symbol', () => Symbol('hostile')],
  ['a null-prototype object', (inner) => Object.assign(Object.create(null), { value: inner })],
  ['a null-prototype copy', (inner) => nullPrototypeCopy(inner)],
  ['an object with symbol keys', (inner) => ({ [Symbol('key')]: inner, value: inner })],
  ['a symbol-keyed copy', (inner) => withSymbolKey(inner)],
  [
    'a getter that throws',
    () => Object.defineProperty({ code: 'api_calls' }, 'value', { enumerable: true, get: boom }),
  ],
  ['a proxy whose get throws', (inner) => new Proxy(objectOf(inner), { get: boom })],
  ['a proxy whose ownKeys throws', (inner) => new Proxy(objectOf(inner), { ownKeys: boom })],
  [
    'a proxy whose getPrototypeOf throws',
    (inner) => new Proxy(objectOf(inner), { getPrototypeOf: boom }),
  ],
  ['an array proxy whose get throws', () => new Proxy([1, 2, 3], { get: boom })],
  ['a revoked proxy', () => revoked()],
  ['an object that contains itself', (inner) => cyclic(inner)],
  ['an array that contains itself', () => cyclicArray()],
  ['a huge array', (inner) => Array.from({ length: 100_000 }, () => inner)],
  // Longer than any list a codec or the engine reads (MAX_LIST_LENGTH), at no cost to build
  // (one element at the end: `new Array(n)` would allocate all n slots).
  ['a huge sparse array', () => hugeSparseArray()],
  ['an iterable that throws', () => throwingIterable()],
  ['a function', () => () => boom()],
  ['a date', () => new Date(Number.NaN)],
  ['a map', (inner) => new Map([['value', inner]])],
];

function hugeSparseArray(): unknown[] {
  const array: unknown[] = [];
  array[20_000_000] = undefined;
  return array;
}

function objectOf(inner: unknown): object {
  return typeof inner === 'object' && inner !== null ? inner : { value: inner };
}

function nullPrototypeCopy(inner: unknown): unknown {
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
    return Object.assign(Object.create(null), { value: inner });
  }
  return Object.assign(Object.create(null), inner);
}

function withSymbolKey(inner: unknown): unknown {
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
  return { ...inner, [Symbol('extra')]: 10n };
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function cyclic(inner: unknown): object {
  const value: Record<string, unknown> = { value: inner };
  value.self = value;
  return value;
}

function cyclicArray(): unknown[] {
  const value: unknown[] = [1];
  value.push(value);
  return value;
}

function* throwingIterable(): Generator<unknown> {
  yield { transaction_id: 'first', code: 'api_calls', timestamp: '2025-03-02T10:00:00Z' };
  boom();
}

/** The names of the hostile values (for classification in tests). */
export const HOSTILE_KINDS: readonly string[] = BUILDERS.map(([name]) => name);

/** A recipe for a value: what it is, and how to build it (fresh on each call). */
export interface Hostile {
  readonly name: string;
  build(): unknown;
}

function recipe(name: string, build: () => unknown): Hostile {
  return { name, build, toString: () => name } as Hostile;
}

/**
 * A hostile value, possibly wrapping a small plain value (a null-prototype copy of it, a proxy
 * around it, a cycle containing it...).
 *
 * @example
 * fc.assert(fc.property(hostile(), (h) => expect(() => decode(Wallet, h.build())).not.toThrow()))
 */
export function hostile(): fc.Arbitrary<Hostile> {
  return fc
    .tuple(fc.integer({ min: 0, max: BUILDERS.length - 1 }), fc.jsonValue({ maxDepth: 2 }))
    .map(([i, inner]) => {
      const [name, build] = BUILDERS[i] ?? BUILDERS[0] ?? ['nothing', () => inner];
      return recipe(`${name} around ${JSON.stringify(inner)}`, () => build(inner));
    });
}

/** Anything: a hostile value, or `fc.anything()`'s junk. */
export function anyValue(): fc.Arbitrary<Hostile> {
  return fc.oneof(
    hostile(),
    fc.anything().map((junk) => recipe(`junk ${fc.stringify(junk)}`, () => junk)),
  );
}

/** Every path to a value inside a plain JSON-like value (objects and arrays), the root first. */
function pathsOf(value: unknown, path: readonly string[] = [], out: string[][] = []): string[][] {
  out.push([...path]);
  if (typeof value === 'object' && value !== null && out.length < 2000) {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], out);
  }
  return out;
}

/** A copy of `value` with the node at `path` replaced by `make(node)`. */
function replaced(
  value: unknown,
  path: readonly string[],
  make: (node: unknown) => unknown,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return make(value);
  if (Array.isArray(value)) {
    return value.map((item, i) => (String(i) === head ? replaced(item, rest, make) : item));
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = { ...value };
    Object.defineProperty(copy, head, {
      value: replaced((value as Record<string, unknown>)[head], rest, make),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  return value;
}

/**
 * A valid input with one node, at any depth, replaced by a hostile value or wrapped in one (a
 * null-prototype copy, a proxy, a cycle around it). `valid` must be plain data (it is copied,
 * never changed).
 *
 * @example
 * fc.property(withHostile(validInput), (h) => expect(['Left', 'Right']).toContain(previewInvoice(h.build())._tag))
 */
export function withHostile(valid: unknown): fc.Arbitrary<Hostile> {
  const paths = pathsOf(valid);
  return fc
    .tuple(
      fc.integer({ min: 0, max: paths.length - 1 }),
      fc.integer({ min: 0, max: BUILDERS.length - 1 }),
    )
    .map(([p, b]) => {
      const [name, build] = BUILDERS[b] ?? BUILDERS[0] ?? ['nothing', (node: unknown) => node];
      const path = paths[p] ?? [];
      return recipe(`${name} at ${path.join('.') || 'the root'}`, () =>
        replaced(valid, path, (node) => build(node)),
      );
    });
}
