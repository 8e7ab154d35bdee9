import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  createScan,
  type Decimal,
  divide,
  type FeecastError,
  feecastError,
  formatDecimal,
  multiply,
  negate,
  parseDecimal,
  subtract,
} from '../../core/index';
import type { BinaryOperator, ExpressionNode } from './ast';
import { readCode, readProperty, readTimestamp } from './attributes';
import { check, reportInSource, reportInTree } from './check';
import type { ExpressionEvent } from './event';
import { EXPRESSION_FUNCTIONS } from './functions';
import { parseSyntaxTree } from './parser';
import { printExpression } from './print';
import {
  addSmall,
  divideSmall,
  multiplySmall,
  type Register,
  readSmallProperty,
  readSmallText,
  readSmallTimestamp,
  type SmallNode,
} from './small';
import {
  type CompiledNode,
  EvaluationFailure,
  type ExpressionValue,
  expectedDecimal,
  type Outcome,
} from './value';

/**
 * A billable-metric expression, parsed and compiled once into a tree of closures; evaluate it
 * per event with `evaluateExpression`.
 */
export interface CompiledExpression {
  /** The expression text (printed from the tree when compiled from a tree). */
  readonly source: string;
  /** The syntax tree. */
  readonly ast: ExpressionNode;
  /** The event properties the expression reads, each once, in order of appearance. */
  readonly properties: readonly string[];
  /** The compiled closure tree (decimal path). @internal */
  readonly run: CompiledNode;
  /** The small-decimal closure tree (`small.ts`), when every part of the expression has one. @internal */
  readonly small: SmallNode | undefined;
}

/** The arithmetic of a binary operator on two decimals (a failure only for a zero divisor). */
const ARITHMETIC: Readonly<
  Record<BinaryOperator, (a: Decimal, b: Decimal, column: number) => Outcome>
> = {
  '+': (a, b) => add(a, b),
  '-': (a, b) => subtract(a, b),
  '*': (a, b) => multiply(a, b),
  '/': (a, b, column) => {
    const quotient = divide(a, b);
    if (isRight(quotient)) return quotient.right;
    return new EvaluationFailure(
      'division_by_zero',
      column,
      `Division by zero: the divisor of '/' at column ${column} is 0.`,
      undefined,
      undefined,
      undefined,
    );
  },
};

/**
 * A compiled subtree: its decimal-path closure, its small-path closure when it has one, and
 * its value when it does not read the event (constant subtrees are evaluated once, here).
 */
interface Built {
  readonly run: CompiledNode;
  readonly small: SmallNode | undefined;
  readonly constant: boolean;
}

/** Never read: constant subtrees do not look at the event. */
const NO_EVENT: ExpressionEvent = { transaction_id: '', code: '', timestamp: 0 };

/** A small-path constant for a decimal, when it fits. */
function smallConstant(value: ExpressionValue): SmallNode | undefined {
  if (typeof value === 'string') return undefined;
  const register: Register = createScan();
  const m = readSmallText(formatDecimal(value), register);
  if (Number.isNaN(m)) return undefined;
  const scale = register.scale;
  return (_event, out) => {
    out.scale = scale;
    return m;
  };
}

function constantValue(value: ExpressionValue): Built {
  return { run: () => value, small: smallConstant(value), constant: true };
}

/** Evaluates a constant subtree once; a failing one stays as it is (it fails per event). */
function fold(run: CompiledNode, small: SmallNode | undefined): Built {
  const value = run(NO_EVENT);
  if (value instanceof EvaluationFailure) return { run, small, constant: true };
  return constantValue(value);
}

/** The value of a constant subtree when it is a safe integer (a number of decimal places). */
function integerOf(built: Built): number | undefined {
  if (!built.constant) return undefined;
  const value = built.run(NO_EVENT);
  if (value instanceof EvaluationFailure || typeof value === 'string') return undefined;
  const text = formatDecimal(value);
  const n = Number(text);
  return Number.isSafeInteger(n) && String(n) === text ? n : undefined;
}

/** Compiles a checked tree into closures. */
function build(node: ExpressionNode, properties: string[]): Built {
  const column = node.column;
  switch (node.kind) {
    case 'number': {
      const parsed = parseDecimal(node.text);
      return constantValue(isRight(parsed) ? parsed.right : node.text);
    }
    case 'string':
      return constantValue(node.value);
    case 'property': {
      const name = node.name;
      if (!properties.includes(name)) properties.push(name);
      return {
        run: (event) => readProperty(event, name, column),
        small: (event, register) => readSmallProperty(event, name, register),
        constant: false,
      };
    }
    case 'timestamp':
      return {
        run: (event) => readTimestamp(event, column),
        small: readSmallTimestamp,
        constant: false,
      };
    case 'code':
      return { run: (event) => readCode(event, column), small: undefined, constant: false };
    case 'negate':
      return negation(node, build(node.operand, properties));
    case 'binary': {
      const leftSide = build(node.left, properties);
      const rightSide = build(node.right, properties);
      const run = binary(node, leftSide.run, rightSide.run);
      const small =
        leftSide.small === undefined || rightSide.small === undefined
          ? undefined
          : binarySmall(node.operator, leftSide.small, rightSide.small);
      return leftSide.constant && rightSide.constant
        ? fold(run, small)
        : { run, small, constant: false };
    }
    case 'call':
      return call(node, properties);
  }
}

function negation(node: Extract<ExpressionNode, { kind: 'negate' }>, operand: Built): Built {
  const { column } = node;
  const inner = operand.run;
  const source = printExpression(node.operand);
  const run: CompiledNode = (event) => {
    const value = inner(event);
    if (value instanceof EvaluationFailure) return value;
    if (typeof value === 'string') {
      return expectedDecimal(value, 'the operand of unary minus', column, source);
    }
    return negate(value);
  };
  const innerSmall = operand.small;
  const small: SmallNode | undefined =
    innerSmall === undefined ? undefined : (event, register) => 0 - innerSmall(event, register);
  return operand.constant ? fold(run, small) : { run, small, constant: false };
}

function call(node: Extract<ExpressionNode, { kind: 'call' }>, properties: string[]): Built {
  const spec = EXPRESSION_FUNCTIONS[node.name];
  const args = node.args.map((arg) => build(arg, properties));
  const [first, ...rest] = args;
  if (first === undefined) return constantValue('');
  const run = spec.implement([first.run, ...rest.map((arg) => arg.run)], {
    name: node.name,
    column: node.column,
    argumentSources: node.args.map(printExpression),
  });
  let small: SmallNode | undefined;
  if (spec.implementSmall !== undefined && args.every((arg) => arg.small !== undefined)) {
    const smallArgs = args.map((arg) => ({ run: arg.small ?? nothing, integer: integerOf(arg) }));
    const [head, ...tail] = smallArgs;
    if (head !== undefined) small = spec.implementSmall([head, ...tail]);
  }
  return args.every((arg) => arg.constant) ? fold(run, small) : { run, small, constant: false };
}

/** A small-path closure that always gives up. */
const nothing: SmallNode = () => Number.NaN;

/** The small-path arithmetic of each operator. */
const SMALL_ARITHMETIC: Readonly<
  Record<
    BinaryOperator,
    (a: number, aScale: number, b: number, bScale: number, r: Register) => number
  >
> = {
  '+': (a, aScale, b, bScale, r) => addSmall(a, aScale, b, bScale, 1, r),
  '-': (a, aScale, b, bScale, r) => addSmall(a, aScale, b, bScale, -1, r),
  '*': multiplySmall,
  '/': divideSmall,
};

function binarySmall(operator: BinaryOperator, leftRun: SmallNode, rightRun: SmallNode): SmallNode {
  const operate = SMALL_ARITHMETIC[operator];
  return (event, register) => {
    const a = leftRun(event, register);
    if (Number.isNaN(a)) return a;
    const aScale = register.scale;
    const b = rightRun(event, register);
    if (Number.isNaN(b)) return b;
    return operate(a, aScale, b, register.scale, register);
  };
}

function binary(
  node: Extract<ExpressionNode, { kind: 'binary' }>,
  leftRun: CompiledNode,
  rightRun: CompiledNode,
): CompiledNode {
  const { operator, column } = node;
  const operate = ARITHMETIC[operator];
  const leftSource = printExpression(node.left);
  const rightSource = printExpression(node.right);
  return (event) => {
    const a = leftRun(event);
    if (a instanceof EvaluationFailure) return a;
    if (typeof a === 'string') {
      return expectedDecimal(a, `the left operand of '${operator}'`, column, leftSource);
    }
    const b = rightRun(event);
    if (b instanceof EvaluationFailure) return b;
    if (typeof b === 'string') {
      return expectedDecimal(b, `the right operand of '${operator}'`, column, rightSource);
    }
    return operate(a, b, column);
  };
}

function compileChecked(ast: ExpressionNode, source: string): CompiledExpression {
  const properties: string[] = [];
  const { run, small } = build(ast, properties);
  return { source, ast, properties, run, small };
}

/**
 * Compiles a syntax tree built by a program (or taken from `compiled.ast`), after checking its
 * shape: node kinds, literal syntax, function names, numbers of arguments and depth. A bad
 * tree is a `Left` with code `invalid_expression` and the `path` of the bad node.
 *
 * @example
 * const compiled = compileExpression({ kind: 'call', name: 'round', column: 1, args: [
 *   { kind: 'property', name: 'a', column: 7 }] });
 * compiled.right.source // 'round(event.properties.a)'
 */
export function compileExpression(ast: ExpressionNode): Either<FeecastError, CompiledExpression> {
  const problem = check(ast, 1, [], reportInTree);
  if (problem !== undefined) return left(problem);
  return right(compileChecked(ast, printExpression(ast)));
}

/**
 * Parses a billable-metric expression once and compiles it into closures, ready to be
 * evaluated per event with `evaluateExpression`. The language is the reference's
 * (aggregations.md §5): `+ - * /` (left-associative, `*` `/` first), unary minus, parentheses,
 * unsigned decimal literals, single-quoted strings, `event.properties.NAME`,
 * `event.timestamp`, `event.code`, and the functions `round`, `ceil`, `floor` (with an
 * optional number of decimal places), `concat`, `least`, `greatest`. Only spaces separate
 * tokens. A malformed expression is a `Left` with code `invalid_expression`, the column and
 * what was expected.
 *
 * @example
 * import { parseExpression, evaluateExpression, expressionValueText } from '@feecast/engine';
 * const compiled = parseExpression('round((event.properties.a + event.properties.b) * 1.2, 2)');
 * // compiled: right(CompiledExpression)
 * parseExpression('round(event.properties.a');
 * // left({ code: 'invalid_expression',
 * //   message: 'Expected \',\' or \')\' at column 25 of "round(event.properties.a", found the end of the expression.' })
 */
export function parseExpression(text: string): Either<FeecastError, CompiledExpression> {
  if (typeof text !== 'string') {
    return left(
      feecastError('invalid_expression', `An expression must be a string, got ${typeof text}.`),
    );
  }
  const ast = parseSyntaxTree(text);
  if (isLeft(ast)) return ast;
  const problem = check(ast.right, 1, [], reportInSource(text));
  if (problem !== undefined) return left(problem);
  return right(compileChecked(ast.right, text));
}
