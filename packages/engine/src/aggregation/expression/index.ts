/**
 * Billable-metric expressions (aggregations.md §5): parse once with `parseExpression`,
 * evaluate per event with `evaluateExpression` (a `Decimal` or a string) or
 * `evaluateExpressionText` (its text, the fastest), write the result into `field_name` with
 * `applyExpression`.
 * Pipeline: lexer -> parser (syntax tree) -> check -> compile (closures, constants folded; a
 * safe-integer "small" path beside the decimal path) -> evaluate.
 */

export type {
  BinaryOperation,
  BinaryOperator,
  CodeReference,
  ExpressionFunctionName,
  ExpressionNode,
  FunctionCall,
  Negation,
  NumberLiteral,
  PropertyReference,
  StringLiteral,
  TimestampReference,
} from './ast';
export { type CompiledExpression, compileExpression, parseExpression } from './compile';
export { applyExpression, evaluateExpression, evaluateExpressionText } from './evaluate';
export type { ExpressionEvent } from './event';
export { printExpression } from './print';
export { type ExpressionValue, expressionValueText } from './value';
