import { MAX_LIST_LENGTH } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { describeThrown } from '../describe-value';
import { type FeecastError, feecastError } from '../error';

/** Inputs nested deeper than this are refused (a sign of a generated or runaway structure). */
export const MAX_DEPTH = 500;

/** How the caller's data is read: which keys hold event streams, read later one at a time. */
export interface PlainDataOptions {
  /** Keys whose values are left as they are (event streams: any iterable, read lazily). */
  readonly streamKeys?: ReadonlySet<string>;
}

/** A value that is not data, found at `path`. */
class NotData {
  constructor(
    readonly path: readonly string[],
    readonly message: string,
    readonly found: string,
  ) {}
}

/** Whether an object's prototype is the `Object.prototype` of some realm, or `null`. */
function isPlainPrototype(prototype: object | null): boolean {
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

function where(path: readonly string[]): string {
  return path.length === 0 ? 'The input' : path.join('.');
}

/** Reads `read()` (a property, a prototype, the keys), turning a throw into a `NotData` at `path`. */
function reading<A>(path: readonly string[], read: () => A): A {
  try {
    return read();
  } catch (thrown) {
    if (thrown instanceof NotData) throw thrown;
    throw new NotData(
      path,
      `${where(path)} cannot be read: ${describeThrown(thrown)}. Pass plain data (objects, arrays, strings, numbers, booleans, null), not a getter or proxy that throws.`,
      'unreadable',
    );
  }
}

class Reader {
  /** Objects being read, from the root down to the current one: a cycle comes back to one. */
  private readonly open = new Set<object>();
  /** Objects already read, with their copy: shared references stay shared, read once. */
  private readonly copies = new Map<object, unknown>();

  constructor(private readonly options: PlainDataOptions) {}

  read(value: unknown, path: readonly string[], depth: number): unknown {
    switch (typeof value) {
      case 'bigint':
        throw new NotData(
          path,
          `${where(path)} is a BigInt (${value.toString()}n): pass a number, or a decimal string such as "${value.toString()}".`,
          'bigint',
        );
      case 'symbol':
        throw new NotData(path, `${where(path)} is a symbol: pass a string.`, 'symbol');
      case 'object':
        return value === null ? null : this.readObject(value, path, depth);
      default:
        // Strings, numbers, booleans, undefined, and functions (callbacks, roundings).
        return value;
    }
  }

  private readObject(value: object, path: readonly string[], depth: number): unknown {
    const copied = this.copies.get(value);
    if (copied !== undefined) return copied;
    if (this.open.has(value)) {
      throw new NotData(
        path,
        `${where(path)} refers to itself (an object that contains itself): pass data without cycles.`,
        'cycle',
      );
    }
    if (depth > MAX_DEPTH) {
      throw new NotData(
        path,
        `${where(path)} is nested more than ${MAX_DEPTH} levels deep: pass flatter data.`,
        'too_deep',
      );
    }
    const isArray = reading(path, () => Array.isArray(value));
    const prototype = reading(path, () => Object.getPrototypeOf(value) as object | null);
    // Objects that are not plain data (dates, maps, the engine's own decimals, accumulators,
    // generators of events) are the function's to read; they are passed as they are.
    if (!isArray && !isPlainPrototype(prototype)) return value;
    this.open.add(value);
    const copy = isArray
      ? this.readArray(value as readonly unknown[], path, depth)
      : this.readRecord(value, path, depth);
    this.open.delete(value);
    this.copies.set(value, copy);
    return copy;
  }

  private readArray(value: readonly unknown[], path: readonly string[], depth: number): unknown[] {
    const length = reading(path, () => value.length);
    if (length > MAX_LIST_LENGTH) {
      throw new NotData(
        path,
        `${where(path)} has ${length} elements, more than the ${MAX_LIST_LENGTH} a list may have; pass events as an iterable, read one at a time.`,
        'too_long',
      );
    }
    const copy: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      const at = [...path, String(i)];
      copy[i] = this.read(
        reading(at, () => value[i]),
        at,
        depth + 1,
      );
    }
    return copy;
  }

  private readRecord(
    value: object,
    path: readonly string[],
    depth: number,
  ): Record<string, unknown> {
    // Own enumerable string keys, as JSON has them; symbol keys are not data and are left out.
    const keys = reading(path, () => Object.keys(value));
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      const at = [...path, key];
      const item = reading(at, () => (value as Record<string, unknown>)[key]);
      Object.defineProperty(copy, key, {
        value: this.options.streamKeys?.has(key) === true ? item : this.read(item, at, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
}

/**
 * Reads any value a caller can build into plain data, the only kind of value the engine's
 * functions then see: objects (null-prototype ones included) and arrays are copied, every
 * property read once. Refused with a `Left` (`invalid_input`, the path, what to pass instead):
 * a BigInt or a symbol anywhere, an object that contains itself, a getter or proxy that throws
 * when read, nesting deeper than {@link MAX_DEPTH}, a list longer than {@link MAX_LIST_LENGTH}
 * (a sparse `new Array(1e9)`). Symbol keys are not data and are left
 * out. Values that are not plain data (functions, dates, maps, class instances such as the
 * engine's decimals, generators) are passed as they are, for the function to judge, and so
 * are the values of `streamKeys` (event streams, read one event at a time later).
 *
 * @example
 * readPlainData({ units: '25', events_count: Object.create(null) }, []) // right({ units: '25', events_count: {} })
 * readPlainData({ amount: 10n }, ['charge', 'properties'])
 * // left({ code: 'invalid_input', path: ['charge', 'properties', 'amount'], message: '... is a BigInt (10n): pass a number, or a decimal string such as "10".' })
 * @internal
 */
export function readPlainData(
  value: unknown,
  path: readonly string[],
  options: PlainDataOptions = {},
): Either<FeecastError, unknown> {
  try {
    return right(new Reader(options).read(value, path, 0));
  } catch (thrown) {
    if (thrown instanceof NotData) {
      return left(
        feecastError('invalid_input', thrown.message, thrown.path, { found: thrown.found }),
      );
    }
    // Not a read of the caller's data (a stack overflow...): said as it is.
    return left(
      feecastError(
        'invalid_input',
        `${where(path)} cannot be read: ${describeThrown(thrown)}.`,
        path,
      ),
    );
  }
}
