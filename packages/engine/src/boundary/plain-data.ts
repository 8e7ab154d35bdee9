import { MAX_LIST_LENGTH } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { describeThrown, type FeecastError, feecastError } from '../core/index';
import { setKey } from '../inputs/index';

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

function unreadable(path: readonly string[], thrown: unknown): NotData {
  return new NotData(
    path,
    `${where(path)} cannot be read: ${describeThrown(thrown)}. Pass plain data (objects, arrays, strings, numbers, booleans, null), not a getter or proxy that throws.`,
    'unreadable',
  );
}

/**
 * One read of the caller's data. The path of the value being read is one array, pushed and
 * popped as the reader goes down and up (nothing is allocated per property unless a problem
 * is found).
 */
class Reader {
  /** Objects being read, from the root down to the current one: a cycle comes back to one. */
  private readonly open = new Set<object>();
  /** Objects already read, with their copy: shared references stay shared, read once. */
  private readonly copies = new Map<object, unknown>();

  constructor(
    private readonly options: PlainDataOptions,
    private readonly path: string[],
  ) {}

  private notData(message: string, found: string): NotData {
    return new NotData([...this.path], `${where(this.path)} ${message}`, found);
  }

  read(value: unknown, depth: number): unknown {
    switch (typeof value) {
      case 'bigint':
        throw this.notData(
          `is a BigInt (${value.toString()}n): pass a number, or a decimal string such as "${value.toString()}".`,
          'bigint',
        );
      case 'symbol':
        throw this.notData('is a symbol: pass a string.', 'symbol');
      case 'object':
        return value === null ? null : this.readObject(value, depth);
      default:
        // Strings, numbers, booleans, undefined, and functions (callbacks, roundings).
        return value;
    }
  }

  private readObject(value: object, depth: number): unknown {
    const copied = this.copies.get(value);
    if (copied !== undefined) return copied;
    if (this.open.has(value)) {
      throw this.notData(
        'refers to itself (an object that contains itself): pass data without cycles.',
        'cycle',
      );
    }
    if (depth > MAX_DEPTH) {
      throw this.notData(
        `is nested more than ${MAX_DEPTH} levels deep: pass flatter data.`,
        'too_deep',
      );
    }
    let isArray: boolean;
    let prototype: object | null;
    try {
      isArray = Array.isArray(value);
      prototype = Object.getPrototypeOf(value) as object | null;
    } catch (thrown) {
      throw unreadable([...this.path], thrown);
    }
    // Objects that are not plain data (dates, maps, the engine's own decimals, accumulators,
    // generators of events) are the function's to read; they are passed as they are.
    if (!isArray && !isPlainPrototype(prototype)) return value;
    this.open.add(value);
    const copy = isArray
      ? this.readArray(value as readonly unknown[], depth)
      : this.readRecord(value as Readonly<Record<string, unknown>>, depth);
    this.open.delete(value);
    this.copies.set(value, copy);
    return copy;
  }

  private readArray(value: readonly unknown[], depth: number): unknown[] {
    let length: number;
    try {
      length = value.length;
    } catch (thrown) {
      throw unreadable([...this.path], thrown);
    }
    if (length > MAX_LIST_LENGTH) {
      throw this.notData(
        `has ${length} elements, more than the ${MAX_LIST_LENGTH} a list may have; pass events as an iterable, read one at a time.`,
        'too_long',
      );
    }
    const copy: unknown[] = new Array(length);
    for (let i = 0; i < length; i++) {
      this.path.push(String(i));
      let item: unknown;
      try {
        item = value[i];
      } catch (thrown) {
        throw unreadable([...this.path], thrown);
      }
      copy[i] = this.read(item, depth + 1);
      this.path.pop();
    }
    return copy;
  }

  private readRecord(
    value: Readonly<Record<string, unknown>>,
    depth: number,
  ): Record<string, unknown> {
    // Own enumerable string keys, as JSON has them; symbol keys are not data and are left out.
    let keys: string[];
    try {
      keys = Object.keys(value);
    } catch (thrown) {
      throw unreadable([...this.path], thrown);
    }
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      this.path.push(key);
      let item: unknown;
      try {
        item = value[key];
      } catch (thrown) {
        throw unreadable([...this.path], thrown);
      }
      setKey(
        copy,
        key,
        this.options.streamKeys?.has(key) === true ? item : this.read(item, depth + 1),
      );
      this.path.pop();
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
    return right(new Reader(options, [...path]).read(value, 0));
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
