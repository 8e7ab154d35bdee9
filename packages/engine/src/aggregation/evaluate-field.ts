import { isLeft } from 'fp-ts/lib/Either.js';
import type { UsageEvent } from './event';
import type { CompiledExpression } from './expression/compile';
import { evaluateExpressionText } from './expression/evaluate';

/** The field value an expression gives an event (its text), or why it cannot. */
export type EvaluatedValue = string | { readonly failure: string };

/**
 * Evaluates the metric's expression on an event, as ingestion does: the result's text stands
 * for `properties[field_name]`. The text path is the fast one (no big.js for small numbers).
 * @internal
 */
export function evaluateForAggregation(
  expression: CompiledExpression,
  event: UsageEvent,
): EvaluatedValue {
  const result = evaluateExpressionText(expression, event);
  return isLeft(result) ? { failure: result.left.message } : result.right;
}
