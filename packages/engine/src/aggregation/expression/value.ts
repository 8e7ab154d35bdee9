import { type Decimal, formatDecimal } from '../../core/index';
import type { ExpressionEvent } from './event';

/**
 * What an expression evaluates to: an exact decimal or a string (from `concat`, a string
 * literal, `event.code`, or a property whose text is not a decimal). Tell them apart with
 * `typeof value === 'string'`.
 */
export type ExpressionValue = Decimal | string;

/** Why an event could not be evaluated (`details.reason` of the error). */
export type FailureReason =
  | 'missing_property'
  | 'unsupported_property'
  | 'expected_decimal'
  | 'division_by_zero'
  | 'invalid_precision'
  | 'invalid_timestamp'
  | 'invalid_code';

/**
 * An evaluation failure, returned (never thrown) by the compiled closures and turned into a
 * `FeecastError` once, at the top (see `evaluateExpression`). Allocated only on failure.
 * @internal
 */
export class EvaluationFailure {
  constructor(
    readonly reason: FailureReason,
    /** 1-based column of the failing part of the expression. */
    readonly column: number,
    /** What went wrong, in words (the transaction is added by the caller). */
    readonly description: string,
    /** The reference implementation's message for the same failure (`Expected a decimal`). */
    readonly referenceMessage: string | undefined,
    /** Where in the event the bad input is (`['properties', 'left']`), when it is there. */
    readonly path: readonly string[] | undefined,
    /** The offending input value, when there is one. */
    readonly value: unknown,
  ) {}
}

/** A value or the failure that prevented it. @internal */
export type Outcome = ExpressionValue | EvaluationFailure;

/** A compiled piece of an expression: evaluates against one event. @internal */
export type CompiledNode = (event: ExpressionEvent) => Outcome;

/**
 * The text of a value: a decimal in plain notation without exponent or trailing zeros
 * (`"1500"`, `"0.25"`, `"-3"`), or the string itself. This is what is written into the
 * metric's `field_name` and what aggregation reads.
 *
 * @example
 * import { parseExpression, evaluateExpression, expressionValueText } from '@feecast/engine';
 * const compiled = parseExpression('event.properties.a * 1.5');
 * const value = evaluateExpression(compiled.right, { transaction_id: 't1', code: 'c',
 *   timestamp: 0, properties: { a: '4' } });
 * expressionValueText(value.right); // '6'
 */
export function expressionValueText(value: ExpressionValue): string {
  return typeof value === 'string' ? value : formatDecimal(value);
}

/**
 * A short, safe rendering of any input value for messages (objects are not stringified).
 *
 * @example
 * showValue('abc') // '"abc"'
 * showValue({ a: 1 }) // 'an object'
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return `${typeof value} ${String(value)}`;
}

/**
 * The expected-decimal failure: `what` (at `column`) needed a number, got the string `value`.
 *
 * @example
 * expectedDecimal('abc', "the left operand of '+'", 20, 'event.properties.a').description
 * // 'Expected a decimal for the left operand of \'+\' at column 20, but event.properties.a is the string "abc".'
 */
export function expectedDecimal(
  value: string,
  what: string,
  column: number,
  source: string,
): EvaluationFailure {
  return new EvaluationFailure(
    'expected_decimal',
    column,
    `Expected a decimal for ${what} at column ${column}, but ${source} is the string ${showValue(value)}.`,
    'Expected a decimal',
    undefined,
    value,
  );
}
