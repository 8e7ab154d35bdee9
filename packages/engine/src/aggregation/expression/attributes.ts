import { isRight } from 'fp-ts/lib/Either.js';
import { decimalFromInteger, parseDecimal } from '../../core/index';
import type { ExpressionEvent } from './event';
import { unixSeconds } from './timestamp';
import { EvaluationFailure, type Outcome, showValue } from './value';

const MINUS = 45;

/**
 * The value of `event.properties.NAME`, typed as the reference types it: a JSON number is a
 * decimal; a string whose text is a decimal (`"12"`, `"-0.5"`, `"1.5e3"`) is that decimal;
 * any other string stays a string. A missing property fails with the reference's message
 * `Variable: NAME not found`; `null`, booleans, objects and arrays fail too (the reference
 * only knows strings and numbers). Only own properties count (`constructor` is not found on
 * `{}`).
 *
 * @example
 * readProperty({ transaction_id: 't', code: 'c', timestamp: 0, properties: { a: '2.50' } }, 'a', 1)
 * // the decimal 2.5
 */
export function readProperty(event: ExpressionEvent, name: string, column: number): Outcome {
  const properties: unknown = event.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return missingProperty(name, column);
  }
  const value = (properties as Readonly<Record<string, unknown>>)[name];
  if (typeof value === 'string') {
    // A decimal starts with '-' or a digit: other strings skip the decimal reader entirely.
    const first = value.charCodeAt(0);
    if (first !== MINUS && !(first >= 48 && first <= 57)) return value;
    const parsed = parseDecimal(value);
    return isRight(parsed) ? parsed.right : value;
  }
  if (typeof value === 'number') {
    const parsed = parseDecimal(value);
    if (isRight(parsed)) return parsed.right;
    return unsupported(name, column, value, `the number ${String(value)}, which is not finite`);
  }
  if (value === undefined || !Object.hasOwn(properties, name)) return missingProperty(name, column);
  return unsupported(name, column, value, showValue(value));
}

function missingProperty(name: string, column: number): EvaluationFailure {
  return new EvaluationFailure(
    'missing_property',
    column,
    `Variable: ${name} not found: the event has no property "${name}" (event.properties.${name} at column ${column}).`,
    `Variable: ${name} not found`,
    ['properties', name],
    undefined,
  );
}

function unsupported(
  name: string,
  column: number,
  value: unknown,
  shown: string,
): EvaluationFailure {
  return new EvaluationFailure(
    'unsupported_property',
    column,
    `event.properties.${name} (column ${column}) is ${shown}; an expression can only read a string or a number.`,
    undefined,
    ['properties', name],
    value,
  );
}

/**
 * The value of `event.timestamp`: whole Unix seconds as a decimal, the sub-second part dropped
 * (see `unixSeconds` for the accepted forms). An unreadable timestamp fails.
 *
 * @example
 * readTimestamp({ transaction_id: 't', code: 'c', timestamp: '2024-03-01T12:00:00.5Z' }, 1)
 * // the decimal 1709294400
 */
export function readTimestamp(event: ExpressionEvent, column: number): Outcome {
  const timestamp: unknown = event.timestamp;
  const seconds = unixSeconds(timestamp);
  if (seconds !== undefined) {
    const decimal = decimalFromInteger(seconds);
    if (isRight(decimal)) return decimal.right;
  }
  return new EvaluationFailure(
    'invalid_timestamp',
    column,
    `event.timestamp (column ${column}) cannot be read: ${showValue(timestamp)} is neither Unix seconds nor an ISO 8601 date-time with an offset such as "2024-03-01T12:00:00Z".`,
    undefined,
    ['timestamp'],
    timestamp,
  );
}

/**
 * The value of `event.code`: the event's code, a string.
 *
 * @example
 * readCode({ transaction_id: 't', code: 'api_calls', timestamp: 0 }, 1) // 'api_calls'
 */
export function readCode(event: ExpressionEvent, column: number): Outcome {
  const code: unknown = event.code;
  if (typeof code === 'string') return code;
  return new EvaluationFailure(
    'invalid_code',
    column,
    `event.code (column ${column}) is ${showValue(code)}, not a string.`,
    undefined,
    ['code'],
    code,
  );
}
