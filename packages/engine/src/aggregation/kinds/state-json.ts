import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, feecastError, parseDecimal } from '../../core/index';
import type { UniqueValue } from './kind';

/**
 * Readers of the JSON form of aggregation states (docs/aggregation-state.md): each checks one
 * field and answers a `Left` naming its path, never a throw.
 * @internal
 */
export type Read<T> = Either<FeecastError, T>;

function problem(path: readonly string[], what: string, value: unknown): Read<never> {
  return left(feecastError('invalid_input', `${path.join('.')} must be ${what}.`, path, { value }));
}

/** `value` as a JSON object (not an array, not `null`). */
export function readObject(value: unknown, path: readonly string[]): Read<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? right(value as Record<string, unknown>)
    : problem(path, 'an object', value);
}

/** `object[key]` as a count: a safe non-negative integer. */
export function readCount(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Read<number> {
  const value = object[key];
  return Number.isSafeInteger(value) && (value as number) >= 0
    ? right(value as number)
    : problem([...path, key], 'a whole number, 0 or more', value);
}

/** `object[key]` as an exact decimal written as a string (`"12.5"`), or `null` where allowed. */
export function readDecimalText(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Read<Decimal>;
export function readDecimalText(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
  nullable: true,
): Read<Decimal | null>;
export function readDecimalText(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
  nullable = false,
): Read<Decimal | null> {
  const value = object[key];
  if (value === null && nullable) return right(null);
  if (typeof value !== 'string') {
    return problem(
      [...path, key],
      `a decimal string such as "12.5"${nullable ? ' or null' : ''}`,
      value,
    );
  }
  return parseDecimal(value, [...path, key]);
}

/** `object[key]` as an instant in epoch milliseconds (a safe integer), or `null` where allowed. */
export function readEpochMs(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
  nullable: boolean,
): Read<number | null> {
  const value = object[key];
  if (value === null && nullable) return right(null);
  return Number.isSafeInteger(value)
    ? right(value as number)
    : problem(
        [...path, key],
        `epoch milliseconds (a whole number)${nullable ? ' or null' : ''}`,
        value,
      );
}

/** `object[key]` as an array. */
export function readArray(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Read<readonly unknown[]> {
  const value = object[key];
  return Array.isArray(value) ? right(value) : problem([...path, key], 'an array', value);
}

/** `object[key]` as a unique count's value: a string, or `null` (the events without the field). */
export function readUniqueValue(
  object: Record<string, unknown>,
  key: string,
  path: readonly string[],
): Read<UniqueValue> {
  const value = object[key];
  return typeof value === 'string' || value === null
    ? right(value)
    : problem([...path, key], 'a string or null', value);
}

/** A `Left` saying that `value` appears twice in a list that holds each once. */
export function repeated(path: readonly string[], value: unknown): Read<never> {
  return left(
    feecastError('invalid_input', `${path.join('.')} repeats ${JSON.stringify(value)}.`, path, {
      value,
    }),
  );
}

/**
 * A state of the common shape `{ count, <decimal>... }`: its count and the decimals of `keys`,
 * in that order.
 */
export function readCountAndDecimals(
  json: unknown,
  path: readonly string[],
  keys: readonly string[],
): Read<{ readonly count: number; readonly decimals: readonly Decimal[] }> {
  const object = readObject(json, path);
  if (isLeft(object)) return object;
  const count = readCount(object.right, 'count', path);
  if (isLeft(count)) return count;
  const decimals: Decimal[] = [];
  for (const key of keys) {
    const decimal = readDecimalText(object.right, key, path);
    if (isLeft(decimal)) return decimal;
    decimals.push(decimal.right);
  }
  return right({ count: count.right, decimals });
}
