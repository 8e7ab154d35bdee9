import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import { type BinaryOperator, type ExpressionNode, MAX_EXPRESSION_DEPTH } from './ast';
import { functionNamed } from './functions';
import { type Token, tokenize } from './lexer';
import { syntaxError } from './syntax-error';

/** A parsed subtree and its depth (a leaf has depth 1). */
interface Parsed {
  readonly node: ExpressionNode;
  readonly depth: number;
}

type Result = Parsed | FeecastError;

function failed(result: Result): result is FeecastError {
  return 'code' in result;
}

const PRIMARY =
  "a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function or '('";
const FUNCTIONS = 'round, ceil, floor, concat, least, greatest';

/** Recursive descent over the token array, one token of look-ahead. */
class Parser {
  private position = 0;
  private nesting = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  private peek(): Token {
    return this.tokens[this.position] ?? { kind: 'end', column: this.source.length + 1 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position++;
    return token;
  }

  private expected(what: string, token: Token, hint?: string): FeecastError {
    return syntaxError(this.source, token.column, what, describeToken(token), hint);
  }

  private node(node: ExpressionNode, depth: number): Result {
    if (depth > MAX_EXPRESSION_DEPTH) return this.tooDeep(node.column);
    return { node, depth };
  }

  private tooDeep(column: number): FeecastError {
    return syntaxError(
      this.source,
      column,
      `at most ${MAX_EXPRESSION_DEPTH} levels of nesting`,
      'deeper nesting',
    );
  }

  /** root := expr end */
  parseRoot(): Result {
    const result = this.parseSum();
    if (failed(result)) return result;
    const token = this.peek();
    if (token.kind !== 'end') {
      return this.expected('an operator (+ - * /) or the end of the expression', token);
    }
    return result;
  }

  /** sum := product (('+' | '-') product)* */
  private parseSum(): Result {
    let result = this.parseProduct();
    for (;;) {
      if (failed(result)) return result;
      const token = this.peek();
      if (token.kind !== 'operator' || (token.operator !== '+' && token.operator !== '-')) {
        return result;
      }
      this.next();
      result = this.binary(result, token.operator, token.column, this.parseProduct());
    }
  }

  /** product := atom (('*' | '/') atom)* */
  private parseProduct(): Result {
    let result = this.parseAtom();
    for (;;) {
      if (failed(result)) return result;
      const token = this.peek();
      if (token.kind !== 'operator' || (token.operator !== '*' && token.operator !== '/')) {
        return result;
      }
      this.next();
      result = this.binary(result, token.operator, token.column, this.parseAtom());
    }
  }

  private binary(
    leftSide: Parsed,
    operator: BinaryOperator,
    column: number,
    rightSide: Result,
  ): Result {
    if (failed(rightSide)) return rightSide;
    return this.node(
      { kind: 'binary', operator, left: leftSide.node, right: rightSide.node, column },
      Math.max(leftSide.depth, rightSide.depth) + 1,
    );
  }

  /** atom := '-'? primary (one unary minus at most, as in the reference grammar) */
  private parseAtom(): Result {
    const token = this.peek();
    if (token.kind !== 'operator' || token.operator !== '-') return this.parsePrimary();
    this.next();
    const operand = this.parsePrimary();
    if (failed(operand)) return operand;
    return this.node(
      { kind: 'negate', operand: operand.node, column: token.column },
      operand.depth + 1,
    );
  }

  /** primary := number | string | attribute | call | '(' sum ')' */
  private parsePrimary(): Result {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { node: { kind: 'number', text: token.text, column: token.column }, depth: 1 };
      case 'string':
        return { node: { kind: 'string', value: token.value, column: token.column }, depth: 1 };
      case 'property':
        return { node: { kind: 'property', name: token.name, column: token.column }, depth: 1 };
      case 'timestamp':
      case 'code':
        return { node: { kind: token.kind, column: token.column }, depth: 1 };
      case 'name':
        return this.parseCall(token.text, token.column);
      case '(':
        return this.nested(token.column, () => {
          const inner = this.parseSum();
          if (failed(inner)) return inner;
          const close = this.peek();
          if (close.kind !== ')') return this.expected("')'", close);
          this.next();
          return inner;
        });
      default:
        return this.expected(
          PRIMARY,
          token,
          token.kind === 'operator' && token.operator === '-'
            ? 'A unary minus applies once: write -(-x).'
            : undefined,
        );
    }
  }

  /** call := NAME '(' sum (',' sum)* ')' */
  private parseCall(text: string, column: number): Result {
    const name = functionNamed(text);
    if (name === undefined) {
      return syntaxError(
        this.source,
        column,
        `a function (${FUNCTIONS}; lower case, UPPER CASE or Capitalized)`,
        `'${text}'`,
        text === 'event' ? undefined : 'Event data is read with event.properties.NAME.',
      );
    }
    const open = this.peek();
    if (open.kind !== '(') return this.expected(`'(' after ${text}`, open);
    this.next();
    return this.nested(column, () => {
      const args: ExpressionNode[] = [];
      let depth = 0;
      for (;;) {
        const arg = this.parseSum();
        if (failed(arg)) return arg;
        args.push(arg.node);
        depth = Math.max(depth, arg.depth);
        const separator = this.next();
        if (separator.kind === ')') break;
        if (separator.kind !== ',') return this.expected("',' or ')'", separator);
      }
      return this.node({ kind: 'call', name, args, column }, depth + 1);
    });
  }

  /** Runs `parse` one level deeper, refusing nesting beyond the bound (no stack overflow). */
  private nested(column: number, parse: () => Result): Result {
    if (this.nesting >= MAX_EXPRESSION_DEPTH) return this.tooDeep(column);
    this.nesting++;
    const result = parse();
    this.nesting--;
    return result;
  }
}

function describeToken(token: Token): string {
  switch (token.kind) {
    case 'number':
      return `the number ${token.text}`;
    case 'string':
      return `the string '${token.value}'`;
    case 'name':
      return `'${token.text}'`;
    case 'property':
      return `event.properties.${token.name}`;
    case 'timestamp':
    case 'code':
      return `event.${token.kind}`;
    case 'operator':
      return `'${token.operator}'`;
    case 'end':
      return 'the end of the expression';
    default:
      return `'${token.kind}'`;
  }
}

/**
 * Parses an expression into its syntax tree (no evaluation, no compilation). The grammar is
 * the reference's (aggregations.md §5):
 *
 *     root    := sum END                      (spaces allowed between tokens)
 *     sum     := product (('+' | '-') product)*
 *     product := atom (('*' | '/') atom)*
 *     atom    := '-'? primary
 *     primary := NUMBER | STRING | event.properties.NAME | event.timestamp | event.code
 *              | FUNCTION '(' sum (',' sum)* ')' | '(' sum ')'
 *
 * A malformed expression is a `Left` with code `invalid_expression`, the column and what was
 * expected.
 *
 * @example
 * parseSyntaxTree('1 + 2 * 3')
 * // right({ kind: 'binary', operator: '+', left: {kind:'number',text:'1',...},
 * //         right: { kind: 'binary', operator: '*', ... }, column: 3 })
 * parseSyntaxTree('round(event.properties.a')
 * // left({ code: 'invalid_expression', message: 'Expected \',\' or \')\' at column 25 of
 * //   "round(event.properties.a", found the end of the expression.', ... })
 */
export function parseSyntaxTree(source: string): Either<FeecastError, ExpressionNode> {
  const tokens = tokenize(source);
  if (isLeft(tokens)) return tokens;
  const result = new Parser(source, tokens.right).parseRoot();
  return failed(result) ? left(result) : right(result.node);
}
