import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import { createScan, type FeecastError, feecastError, parseDecimal } from '../../core/index';
import type { CompiledExpression } from './compile';
import type { ExpressionEvent } from './event';
import { formatSmall, type Register } from './small';
import { EvaluationFailure, type ExpressionValue, expressionValueText, showValue } from './value';

function transactionOf(event: unknown): string | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const id: unknown = (event as { readonly transaction_id?: unknown }).transaction_id;
  return typeof id === 'string' ? id : undefined;
}

function toError(
  failure: EvaluationFailure,
  compiled: CompiledExpression,
  event: ExpressionEvent,
): FeecastError {
  const transaction = transactionOf(event);
  const which =
    transaction === undefined
      ? 'an event without a transaction_id'
      : `the event with transaction_id ${showValue(transaction)}`;
  return feecastError(
    'expression_evaluation_failed',
    `Cannot evaluate the expression ${showValue(compiled.source)} for ${which}: ${failure.description}`,
    failure.path,
    {
      reason: failure.reason,
      transaction_id: transaction ?? null,
      expression: compiled.source,
      column: failure.column,
      ...(failure.referenceMessage === undefined
        ? {}
        : { reference_message: failure.referenceMessage }),
      ...(failure.value === undefined ? {} : { value: failure.value }),
    },
  );
}

function notAnEvent(compiled: CompiledExpression, event: unknown): FeecastError {
  return feecastError(
    'invalid_input',
    `Expected an event object to evaluate the expression ${showValue(compiled.source)}, got ${showValue(event)}.`,
  );
}

/**
 * Evaluates a compiled expression against one event, without parsing or regular expressions.
 * Numbers are exact decimals (division to 40 decimal places, half away from zero at the 40th);
 * the result is a `Decimal` or a string (read its text with `expressionValueText`). Plain
 * decimal inputs take an allocation-free path of safe-integer arithmetic; anything else (and
 * any failure) takes the decimal path, which defines the semantics. An event the expression
 * cannot evaluate is a `Left` with code `expression_evaluation_failed` naming the transaction,
 * the column and the cause (`details.reason`: `missing_property`, `expected_decimal`,
 * `division_by_zero`, `invalid_precision`, `unsupported_property`, `invalid_timestamp`,
 * `invalid_code`; `details.reference_message` carries the reference's own wording, e.g.
 * `Variable: left not found`). Never throws.
 *
 * @example
 * import { parseExpression, evaluateExpression, expressionValueText } from '@feecast/engine';
 * const compiled = parseExpression('event.properties.left + event.properties.right');
 * if (compiled._tag === 'Right') {
 *   const value = evaluateExpression(compiled.right,
 *     { transaction_id: 'tx_1', code: 'calls', timestamp: 1709294400, properties: { left: '1', right: '2' } });
 *   // value: right(Decimal 3); expressionValueText(value.right) === '3'
 *   evaluateExpression(compiled.right, { transaction_id: 'tx_2', code: 'calls', timestamp: 0, properties: {} });
 *   // left({ code: 'expression_evaluation_failed', message: 'Cannot evaluate the expression
 *   //   "event.properties.left + event.properties.right" for the event with transaction_id "tx_2":
 *   //   Variable: left not found: ...', path: ['properties', 'left'], ... })
 * }
 */
export function evaluateExpression(
  compiled: CompiledExpression,
  event: ExpressionEvent,
): Either<FeecastError, ExpressionValue> {
  if (typeof event !== 'object' || event === null) return left(notAnEvent(compiled, event));
  const small = compiled.small;
  if (small !== undefined) {
    const register: Register = createScan();
    const m = small(event, register);
    if (!Number.isNaN(m)) {
      const decimal = parseDecimal(formatSmall(m, register.scale));
      if (isRight(decimal)) return decimal;
    }
  }
  const value = compiled.run(event);
  return value instanceof EvaluationFailure ? left(toError(value, compiled, event)) : right(value);
}

/**
 * {@link evaluateExpression} straight to the text of the result: the plain decimal string
 * (`"2855.68"`, no exponent, no trailing zeros) or the string result. This is what is written
 * into the metric's `field_name` and what aggregation reads; on the small path it creates no
 * decimal object at all, so it is the fastest way to feed an accumulator.
 *
 * @example
 * evaluateExpressionText(parseExpression('round(event.properties.a * 1.2, 2)').right,
 *   { transaction_id: 't', code: 'c', timestamp: 0, properties: { a: '2379.7345' } })
 * // right('2855.68')
 */
export function evaluateExpressionText(
  compiled: CompiledExpression,
  event: ExpressionEvent,
): Either<FeecastError, string> {
  if (typeof event !== 'object' || event === null) return left(notAnEvent(compiled, event));
  const small = compiled.small;
  if (small !== undefined) {
    const register: Register = createScan();
    const m = small(event, register);
    if (!Number.isNaN(m)) return right(formatSmall(m, register.scale));
  }
  const value = compiled.run(event);
  return value instanceof EvaluationFailure
    ? left(toError(value, compiled, event))
    : right(expressionValueText(value));
}

/**
 * What ingestion does with a metric's expression: evaluates it and returns a copy of the event
 * whose `properties[fieldName]` is the result's text (a plain decimal string such as `"21"`, or
 * the string result), overwriting any value the client sent. The input event is not modified.
 * For aggregation, prefer `evaluateExpressionText` or `evaluateExpression` (no copy).
 *
 * @example
 * applyExpression(compiled, 'total', { transaction_id: 't', code: 'c', timestamp: 0,
 *   properties: { left: '1', right: '2', total: '99' } })
 * // right({ ..., properties: { left: '1', right: '2', total: '3' } })
 */
export function applyExpression<E extends ExpressionEvent>(
  compiled: CompiledExpression,
  fieldName: string,
  event: E,
): Either<FeecastError, E> {
  const text = evaluateExpressionText(compiled, event);
  if (isLeft(text)) return text;
  const properties: unknown = event.properties;
  const base = typeof properties === 'object' && properties !== null ? properties : {};
  return right({ ...event, properties: { ...base, [fieldName]: text.right } });
}
