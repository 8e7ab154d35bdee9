/**
 * Readers of charge properties: each checks one value the way the reference validates it
 * (charge-models.md §1.4) and answers with the value or a `Left` that names the property, says
 * what to write instead and carries the reference's own error code in `details`.
 * @internal
 */
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  parseDecimal,
  sign,
} from '../../core/index';

/** A checked object of properties (an object that is not an array). */
export type PropertyRecord = Readonly<Record<string, unknown>>;

/**
 * The value of an own property, or `undefined`; inherited keys are never read.
 *
 * @example
 * own({ amount: '1' }, 'amount')    // '1'
 * own({}, 'constructor')            // undefined
 */
export function own(record: PropertyRecord, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * An `invalid_charge_properties` error for the property at `path`.
 *
 * @example
 * invalidProperty(['properties', 'amount'], 'amount is required.', 'invalid_amount')
 */
export function invalidProperty(
  path: readonly string[],
  message: string,
  referenceCode: string,
  value?: unknown,
): FeecastError {
  return feecastError('invalid_charge_properties', message, path, {
    reference_code: referenceCode,
    ...(value === undefined ? {} : { value }),
  });
}

/**
 * The dotted name of a property path, for messages (`graduated_ranges[1].from_value`).
 *
 * @example
 * describePath(['charges', '0', 'properties', 'graduated_ranges', '1', 'from_value'])
 * // 'graduated_ranges[1].from_value'
 */
export function describePath(path: readonly string[]): string {
  const start = path.lastIndexOf('properties') + 1;
  return path
    .slice(start)
    .reduce(
      (text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part),
      '',
    );
}

function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return `the number ${String(value)}`;
  return JSON.stringify(value) ?? String(value);
}

/** A decimal amount: a JSON string holding a finite decimal `>= 0` (§1.4; numbers are refused). */
function checkAmount(
  value: unknown,
  at: readonly string[],
  referenceCode: string,
): Either<FeecastError, Decimal> {
  const parsed = typeof value === 'string' ? parseDecimal(value) : undefined;
  if (parsed === undefined || isLeft(parsed) || sign(parsed.right) < 0) {
    return left(
      invalidProperty(
        at,
        `${describePath(at)} must be a decimal string >= 0 such as "0.5", got ${shown(value)}.`,
        referenceCode,
        value,
      ),
    );
  }
  return right(parsed.right);
}

/**
 * A required decimal amount: a JSON string holding a finite decimal `>= 0`, as the reference
 * validates amounts (§1.4: the number `0.5` is refused, `"0.5"` accepted).
 *
 * @example
 * readAmount({ amount: '0.5' }, 'amount', ['properties'], 'invalid_amount') // right(0.5)
 * readAmount({ amount: 0.5 }, 'amount', ['properties'], 'invalid_amount')   // left: a number
 */
export function readAmount(
  record: PropertyRecord,
  key: string,
  path: readonly string[],
  referenceCode: string,
): Either<FeecastError, Decimal> {
  const value = own(record, key);
  const at = [...path, key];
  if (value === undefined || value === null) {
    return left(
      invalidProperty(
        at,
        `${describePath(at)} is required: write a decimal string such as "0.5".`,
        referenceCode,
      ),
    );
  }
  return checkAmount(value, at, referenceCode);
}

/**
 * An optional decimal amount: `undefined` when absent or `null`, else as {@link readAmount}.
 *
 * @example
 * readOptionalAmount({ fixed_amount: null }, 'fixed_amount', [], 'invalid_fixed_amount') // right(undefined)
 */
export function readOptionalAmount(
  record: PropertyRecord,
  key: string,
  path: readonly string[],
  referenceCode: string,
): Either<FeecastError, Decimal | undefined> {
  const value = own(record, key);
  return value === undefined || value === null
    ? right(undefined)
    : checkAmount(value, [...path, key], referenceCode);
}

function checkInteger(
  value: unknown,
  at: readonly string[],
  referenceCode: string,
  min: number,
): Either<FeecastError, number> {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return right(value);
  return left(
    invalidProperty(
      at,
      `${describePath(at)} must be a whole number >= ${min} written as a JSON number (e.g. ${Math.max(min, 1)}), got ${shown(value)}.`,
      referenceCode,
      value,
    ),
  );
}

/**
 * A required whole number given as a JSON number, at least `min` (`package_size`, `free_units`).
 *
 * @example
 * readInteger({ package_size: 10 }, 'package_size', [], 'invalid_package_size', 1) // right(10)
 */
export function readInteger(
  record: PropertyRecord,
  key: string,
  path: readonly string[],
  referenceCode: string,
  min: number,
): Either<FeecastError, number> {
  return checkInteger(own(record, key), [...path, key], referenceCode, min);
}

/**
 * An optional whole number: `undefined` when absent or `null`, else as {@link readInteger}.
 *
 * @example
 * readOptionalInteger({}, 'free_units_per_events', [], 'invalid_free_units_per_events', 1) // right(undefined)
 */
export function readOptionalInteger(
  record: PropertyRecord,
  key: string,
  path: readonly string[],
  referenceCode: string,
  min: number,
): Either<FeecastError, number | undefined> {
  const value = own(record, key);
  return value === undefined || value === null
    ? right(undefined)
    : checkInteger(value, [...path, key], referenceCode, min);
}
