import {
  type CompiledExpression,
  type ExpressionEvent,
  evaluateExpression,
  expressionValueText,
  parseExpression,
} from '../../../src/aggregation/expression/index';
import type { FeecastError } from '../../../src/core/error';

/** A parsed expression, or a test failure naming the parse error. */
export function compile(text: string): CompiledExpression {
  const compiled = parseExpression(text);
  if (compiled._tag === 'Left') throw new Error(`parse failed: ${compiled.left.message}`);
  return compiled.right;
}

/** The parse error of a malformed expression, or a test failure. */
export function parseError(text: string): FeecastError {
  const compiled = parseExpression(text);
  if (compiled._tag === 'Right') throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  return compiled.left;
}

/** An event with the given properties (and optional overrides). */
export function event(
  properties?: Record<string, unknown>,
  overrides: Partial<ExpressionEvent> = {},
): ExpressionEvent {
  return {
    transaction_id: 'tx_1',
    code: 'api_calls',
    timestamp: '2024-03-01T12:00:00Z',
    ...(properties === undefined ? {} : { properties }),
    ...overrides,
  };
}

/** The result of an expression on an event as `{ type, text }`, or a test failure. */
export function evaluate(
  text: string,
  on: ExpressionEvent = event(),
): { type: 'decimal' | 'string'; text: string } {
  const value = evaluateExpression(compile(text), on);
  if (value._tag === 'Left') throw new Error(`evaluation failed: ${value.left.message}`);
  return {
    type: typeof value.right === 'string' ? 'string' : 'decimal',
    text: expressionValueText(value.right),
  };
}

/** The evaluation error of an expression on an event, or a test failure. */
export function evaluationError(text: string, on: ExpressionEvent): FeecastError {
  const value = evaluateExpression(compile(text), on);
  if (value._tag === 'Right') {
    throw new Error(`expected ${JSON.stringify(text)} to fail, got ${String(value.right)}`);
  }
  return value.left;
}
