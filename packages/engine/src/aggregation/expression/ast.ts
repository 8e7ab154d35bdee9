/**
 * The syntax tree of a billable-metric expression: what the parser builds, the printer prints
 * and the compiler turns into closures. Every node keeps the 1-based `column` of its first
 * character in the source, so evaluation errors can point at the failing part.
 */

/** The four arithmetic operators, all left-associative; `*` and `/` bind tighter. */
export type BinaryOperator = '+' | '-' | '*' | '/';

/** The functions of the language, by their canonical (lower-case) name. */
export type ExpressionFunctionName = 'round' | 'ceil' | 'floor' | 'concat' | 'least' | 'greatest';

/** An unsigned decimal literal as written (`12`, `12.50`): digits, optionally `.` digits. */
export interface NumberLiteral {
  readonly kind: 'number';
  readonly text: string;
  readonly column: number;
}

/** A single-quoted string literal; `value` is the text between the quotes. */
export interface StringLiteral {
  readonly kind: 'string';
  readonly value: string;
  readonly column: number;
}

/** `event.properties.NAME`. */
export interface PropertyReference {
  readonly kind: 'property';
  readonly name: string;
  readonly column: number;
}

/** `event.timestamp`: the event's time as integer Unix seconds. */
export interface TimestampReference {
  readonly kind: 'timestamp';
  readonly column: number;
}

/** `event.code`: the event's code, a string. */
export interface CodeReference {
  readonly kind: 'code';
  readonly column: number;
}

/** Unary minus. */
export interface Negation {
  readonly kind: 'negate';
  readonly operand: ExpressionNode;
  readonly column: number;
}

/** `left operator right`; `column` is the operator's column. */
export interface BinaryOperation {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: ExpressionNode;
  readonly right: ExpressionNode;
  readonly column: number;
}

/** `name(arg, ...)`; `name` is canonical (the source may say `ROUND` or `Round`). */
export interface FunctionCall {
  readonly kind: 'call';
  readonly name: ExpressionFunctionName;
  readonly args: readonly ExpressionNode[];
  readonly column: number;
}

/** Any node of an expression's syntax tree. */
export type ExpressionNode =
  | NumberLiteral
  | StringLiteral
  | PropertyReference
  | TimestampReference
  | CodeReference
  | Negation
  | BinaryOperation
  | FunctionCall;

/**
 * The deepest syntax tree accepted (nesting of parentheses, calls and operator chains). Real
 * expressions are a few levels deep; the bound keeps parsing, compiling and evaluating far
 * from the call-stack limit on any input.
 */
export const MAX_EXPRESSION_DEPTH = 200;
