import { type FeecastError, feecastError } from '../../core/index';
import { type ExpressionFunctionName, MAX_EXPRESSION_DEPTH } from './ast';
import { EXPRESSION_FUNCTIONS } from './functions';
import { syntaxError } from './syntax-error';

/** Builds the error for a bad node: at a column of the source, or at a path of the tree. */
export type Reporter = (
  column: number,
  path: readonly string[],
  expected: string,
  found: string,
) => FeecastError;

const NUMBER_TEXT = /^[0-9]+(\.[0-9]+)?$/;
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const OPERATORS: ReadonlySet<unknown> = new Set(['+', '-', '*', '/']);

/** Any object, arrays included (an AST node is read field by field; core's `isRecord` refuses arrays). */
function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

function arityText(min: number, max: number): string {
  if (max === Number.POSITIVE_INFINITY) return `at least ${min} argument${min === 1 ? '' : 's'}`;
  return min === max ? `${min} arguments` : `${min} to ${max} arguments`;
}

/**
 * Checks a tree before compiling it: node shapes (a tree may come from outside the parser),
 * depth, literal syntax, function names and numbers of arguments. Compile-time only.
 *
 * @example
 * check({ kind: 'call', name: 'least', args: [], column: 1 }, 1, [], reportInTree)
 * // { code: 'invalid_expression', message: 'Expected at least 1 argument for least(x, ...) at args of the expression tree, found 0 arguments.', ... }
 */
export function check(
  node: unknown,
  depth: number,
  path: readonly string[],
  report: Reporter,
): FeecastError | undefined {
  const column = isObject(node) && typeof node.column === 'number' ? node.column : 0;
  if (depth > MAX_EXPRESSION_DEPTH) {
    return report(column, path, `at most ${MAX_EXPRESSION_DEPTH} levels of nesting`, 'deeper');
  }
  if (!isObject(node)) return report(column, path, 'an expression node', typeof node);
  switch (node.kind) {
    case 'number':
      return typeof node.text === 'string' && NUMBER_TEXT.test(node.text)
        ? undefined
        : report(column, [...path, 'text'], 'unsigned digits, optionally . digits', 'other text');
    case 'string':
      return typeof node.value === 'string'
        ? undefined
        : report(column, [...path, 'value'], 'a string', typeof node.value);
    case 'property':
      return typeof node.name === 'string' && PROPERTY_NAME.test(node.name)
        ? undefined
        : report(
            column,
            [...path, 'name'],
            'a property name (letter, then letters, digits, _)',
            'other text',
          );
    case 'timestamp':
    case 'code':
      return undefined;
    case 'negate':
      return check(node.operand, depth + 1, [...path, 'operand'], report);
    case 'binary':
      if (!OPERATORS.has(node.operator)) {
        return report(column, [...path, 'operator'], "'+', '-', '*' or '/'", String(node.operator));
      }
      return (
        check(node.left, depth + 1, [...path, 'left'], report) ??
        check(node.right, depth + 1, [...path, 'right'], report)
      );
    case 'call':
      return checkCall(node, column, depth, path, report);
    default:
      return report(column, [...path, 'kind'], 'a known node kind', String(node.kind));
  }
}

function checkCall(
  node: Readonly<Record<string, unknown>>,
  column: number,
  depth: number,
  path: readonly string[],
  report: Reporter,
): FeecastError | undefined {
  const name = node.name;
  if (typeof name !== 'string' || !Object.hasOwn(EXPRESSION_FUNCTIONS, name)) {
    return report(column, [...path, 'name'], 'a function name', String(name));
  }
  const spec = EXPRESSION_FUNCTIONS[name as ExpressionFunctionName];
  const args: unknown = node.args;
  if (!Array.isArray(args)) return report(column, [...path, 'args'], 'an array', typeof args);
  if (args.length < spec.minArgs || args.length > spec.maxArgs) {
    return report(
      column,
      [...path, 'args'],
      `${arityText(spec.minArgs, spec.maxArgs)} for ${spec.signature}`,
      `${args.length} argument${args.length === 1 ? '' : 's'}`,
    );
  }
  for (let i = 0; i < args.length; i++) {
    const problem = check(args[i], depth + 1, [...path, 'args', String(i)], report);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Reports problems at columns of the source text (for trees from the parser).
 *
 * @example
 * check(ast, 1, [], reportInSource('round(1, 2, 3)'))
 * // { code: 'invalid_expression', message: 'Expected 1 to 2 arguments for round(x[, decimals]) at column 1 of "round(1, 2, 3)", found 3 arguments.' }
 */
export function reportInSource(source: string): Reporter {
  return (column, _path, expected, found) => syntaxError(source, column, expected, found);
}

/**
 * Reports problems at paths of the tree (for trees built by a program).
 *
 * @example
 * check({ kind: 'number', text: '1e3', column: 1 }, 1, [], reportInTree)
 * // { code: 'invalid_expression', message: 'Expected unsigned digits, optionally . digits at text of the expression tree, found other text.', path: ['text'] }
 */
export const reportInTree: Reporter = (_column, path, expected, found) =>
  feecastError(
    'invalid_expression',
    `Expected ${expected} at ${path.length === 0 ? 'the root' : path.join('.')} of the expression tree, found ${found}.`,
    path,
    { expected, found },
  );
