import { describe, expect, it } from 'vitest';
import {
  compileExpression,
  type ExpressionNode,
  parseExpression,
  printExpression,
} from '../../../src/aggregation/expression/index';
import { compile, parseError } from './helpers';

const PRIMARY =
  "a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function or '('";
const ANY_TOKEN =
  "a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function, an operator or a parenthesis";
const FUNCTION =
  'a function (round, ceil, floor, concat, least, greatest; lower case, UPPER CASE or Capitalized)';

describe('a malformed expression is invalid_expression with the column and what was expected', () => {
  it.each([
    [
      'round(event.properties.a',
      `Expected ',' or ')' at column 25 of "round(event.properties.a", found the end of the expression.`,
    ],
    ['', `Expected ${PRIMARY} at column 1 of "", found the end of the expression.`],
    ['   ', `Expected ${PRIMARY} at column 4 of "   ", found the end of the expression.`],
    ['1 +', `Expected ${PRIMARY} at column 4 of "1 +", found the end of the expression.`],
    ['1 + * 2', `Expected ${PRIMARY} at column 5 of "1 + * 2", found '*'.`],
    ['(1 + 2', `Expected ')' at column 7 of "(1 + 2", found the end of the expression.`],
    [
      '(1 + 2))',
      `Expected an operator (+ - * /) or the end of the expression at column 8 of "(1 + 2))", found ')'.`,
    ],
    [
      '1 2',
      `Expected an operator (+ - * /) or the end of the expression at column 3 of "1 2", found the number 2.`,
    ],
    [
      "1 'a'",
      `Expected an operator (+ - * /) or the end of the expression at column 3 of "1 'a'", found the string 'a'.`,
    ],
    ['()', `Expected ${PRIMARY} at column 2 of "()", found ')'.`],
    ['round()', `Expected ${PRIMARY} at column 7 of "round()", found ')'.`],
    ['concat()', `Expected ${PRIMARY} at column 8 of "concat()", found ')'.`],
    ['round(1,)', `Expected ${PRIMARY} at column 9 of "round(1,)", found ')'.`],
    ['round(1 2)', `Expected ',' or ')' at column 9 of "round(1 2)", found the number 2.`],
    [
      'round(1, 2, 3)',
      `Expected 1 to 2 arguments for round(x[, decimals]) at column 1 of "round(1, 2, 3)", found 3 arguments.`,
    ],
    [
      '1 + FLOOR(1, 2, 3, 4)',
      `Expected 1 to 2 arguments for floor(x[, decimals]) at column 5 of "1 + FLOOR(1, 2, 3, 4)", found 4 arguments.`,
    ],
    ['round 1', `Expected '(' after round at column 7 of "round 1", found the number 1.`],
    ['round', `Expected '(' after round at column 6 of "round", found the end of the expression.`],
    [
      'sqrt(4)',
      `Expected ${FUNCTION} at column 1 of "sqrt(4)", found 'sqrt'. Event data is read with event.properties.NAME.`,
    ],
    [
      'min(1, 2)',
      `Expected ${FUNCTION} at column 1 of "min(1, 2)", found 'min'. Event data is read with event.properties.NAME.`,
    ],
    [
      'constructor(1)',
      `Expected ${FUNCTION} at column 1 of "constructor(1)", found 'constructor'. Event data is read with event.properties.NAME.`,
    ],
    [
      'event',
      `Expected '.' after 'event' (event.properties.NAME, event.timestamp or event.code) at column 6 of "event", found the end of the expression.`,
    ],
    [
      'event .code',
      `Expected '.' after 'event' (event.properties.NAME, event.timestamp or event.code) at column 6 of "event .code", found a space.`,
    ],
    [
      'event.foo',
      `Expected 'timestamp', 'code' or 'properties.NAME' after 'event.' at column 7 of "event.foo", found 'foo'.`,
    ],
    [
      'event.',
      `Expected 'timestamp', 'code' or 'properties.NAME' after 'event.' at column 7 of "event.", found the end of the expression.`,
    ],
    [
      'event.timestampx',
      `Expected 'timestamp', 'code' or 'properties.NAME' after 'event.' at column 7 of "event.timestampx", found 'timestampx'.`,
    ],
    [
      'event.properties',
      `Expected '.' after 'event.properties' at column 17 of "event.properties", found the end of the expression. Property names with dashes, dots or a leading digit cannot be referenced.`,
    ],
    [
      'event.properties. a',
      `Expected a property name (an ASCII letter, then letters, digits or _) at column 18 of "event.properties. a", found a space. Property names with dashes, dots or a leading digit cannot be referenced.`,
    ],
    [
      '--1',
      `Expected ${PRIMARY} at column 2 of "--1", found '-'. A unary minus applies once: write -(-x).`,
    ],
    [
      "'abc",
      `Expected "'" (the string opened at column 1 is not closed) at column 5 of "'abc", found the end of the expression. Strings are single-quoted and cannot contain a quote.`,
    ],
    ['1 % 2', `Expected ${ANY_TOKEN} at column 3 of "1 % 2", found '%'.`],
    ['"a"', `Expected ${ANY_TOKEN} at column 1 of "\\"a\\"", found '"'.`],
    ['1.2.3', `Expected ${ANY_TOKEN} at column 4 of "1.2.3", found '.'.`],
    [
      'event.properties.a.b',
      `Expected ${ANY_TOKEN} at column 19 of "event.properties.a.b", found '.'.`,
    ],
    [
      '1\u00a0+ 2',
      `Expected ${ANY_TOKEN} at column 2 of "1\u00a0+ 2", found a non-space blank (only spaces may separate tokens).`,
    ],
  ])('%j', (text, message) => {
    expect(parseError(text)).toMatchObject({ code: 'invalid_expression', message });
  });

  it('details repeat the expression, the column, what was expected and what was found', () => {
    expect(parseError('round(event.properties.a').details).toEqual({
      expression: 'round(event.properties.a',
      column: 25,
      expected: "',' or ')'",
      found: 'the end of the expression',
    });
  });

  it('nesting is bounded (no stack overflow on any input)', () => {
    const deep = `${'('.repeat(100_000)}1${')'.repeat(100_000)}`;
    expect(parseError(deep).message).toMatch(
      /^Expected at most 200 levels of nesting at column 201 of /,
    );
    const calls = `${'round('.repeat(1000)}1${')'.repeat(1000)}`;
    expect(parseError(calls).message).toMatch(/^Expected at most 200 levels of nesting/);
    const chain = Array.from({ length: 100_000 }, () => '1').join(' + ');
    expect(parseError(chain).message).toMatch(/^Expected at most 200 levels of nesting/);
    const negations = `${'-('.repeat(5000)}1${')'.repeat(5000)}`;
    expect(parseError(negations).message).toMatch(/^Expected at most 200 levels of nesting/);
  });

  it('a value that is not a string is refused', () => {
    expect(parseExpression(42 as unknown as string)).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_expression', message: 'An expression must be a string, got number.' },
    });
  });
});

describe('the syntax tree', () => {
  it('keeps columns, canonical function names and left-associativity', () => {
    expect(compile('ROUND(event.properties.a - 1 - event.timestamp, -2)').ast).toEqual({
      kind: 'call',
      name: 'round',
      column: 1,
      args: [
        {
          kind: 'binary',
          operator: '-',
          column: 30,
          left: {
            kind: 'binary',
            operator: '-',
            column: 26,
            left: { kind: 'property', name: 'a', column: 7 },
            right: { kind: 'number', text: '1', column: 28 },
          },
          right: { kind: 'timestamp', column: 32 },
        },
        { kind: 'negate', column: 49, operand: { kind: 'number', text: '2', column: 50 } },
      ],
    });
  });

  it('lists the properties read, each once, in order', () => {
    expect(
      compile('event.properties.b * event.properties.a + event.properties.b').properties,
    ).toEqual(['b', 'a']);
    expect(compile('1').properties).toEqual([]);
  });

  it.each([
    ['1+2*3', '1 + 2 * 3'],
    ['(1+2)*3', '(1 + 2) * 3'],
    ['1-(2-3)', '1 - (2 - 3)'],
    ['(1-2)-3', '1 - 2 - 3'],
    ['1/(2*3)', '1 / (2 * 3)'],
    ['-(1+2)', '-(1 + 2)'],
    ['-(-1)', '-(-1)'],
    ['2*-3', '2 * -3'],
    ["CONCAT( 'a' ,event.code,event.timestamp )", "concat('a', event.code, event.timestamp)"],
    ['Greatest(least(1,2),3)', 'greatest(least(1, 2), 3)'],
  ])('prints %s as %s', (text, printed) => {
    const { ast } = compile(text);
    expect(printExpression(ast)).toBe(printed);
    expect(compile(printed).ast).toEqual(compile(printed).ast);
    expect(printExpression(compile(printed).ast)).toBe(printed);
  });
});

describe('compileExpression checks a tree built by a program', () => {
  const number = (text: string): ExpressionNode => ({ kind: 'number', text, column: 1 });

  it('compiles a valid tree and prints its source', () => {
    const compiled = compileExpression({
      kind: 'call',
      name: 'round',
      column: 1,
      args: [{ kind: 'property', name: 'a', column: 7 }],
    });
    expect(compiled).toMatchObject({
      _tag: 'Right',
      right: { source: 'round(event.properties.a)', properties: ['a'] },
    });
  });

  it.each([
    [
      number('1e3'),
      ['text'],
      'Expected unsigned digits, optionally . digits at text of the expression tree, found other text.',
    ],
    [
      number('-1'),
      ['text'],
      'Expected unsigned digits, optionally . digits at text of the expression tree, found other text.',
    ],
    [
      { kind: 'property', name: 'my-key', column: 1 },
      ['name'],
      'Expected a property name (letter, then letters, digits, _) at name of the expression tree, found other text.',
    ],
    [
      { kind: 'string', value: 5, column: 1 },
      ['value'],
      'Expected a string at value of the expression tree, found number.',
    ],
    [
      { kind: 'binary', operator: '%', left: number('1'), right: number('2'), column: 1 },
      ['operator'],
      "Expected '+', '-', '*' or '/' at operator of the expression tree, found %.",
    ],
    [
      {
        kind: 'binary',
        operator: '+',
        left: number('1'),
        right: { kind: 'nope', column: 1 },
        column: 1,
      },
      ['right', 'kind'],
      'Expected a known node kind at right.kind of the expression tree, found nope.',
    ],
    [
      { kind: 'call', name: 'sqrt', args: [number('1')], column: 1 },
      ['name'],
      'Expected a function name at name of the expression tree, found sqrt.',
    ],
    [
      { kind: 'call', name: 'constructor', args: [number('1')], column: 1 },
      ['name'],
      'Expected a function name at name of the expression tree, found constructor.',
    ],
    [
      { kind: 'call', name: 'least', args: [], column: 1 },
      ['args'],
      'Expected at least 1 argument for least(x, ...) at args of the expression tree, found 0 arguments.',
    ],
    [
      { kind: 'call', name: 'ceil', args: 'x', column: 1 },
      ['args'],
      'Expected an array at args of the expression tree, found string.',
    ],
    [
      { kind: 'negate', operand: null, column: 1 },
      ['operand'],
      'Expected an expression node at operand of the expression tree, found object.',
    ],
    [null, [], 'Expected an expression node at the root of the expression tree, found object.'],
  ])('%j is refused at %j', (tree, path, message) => {
    expect(compileExpression(tree as unknown as ExpressionNode)).toEqual({
      _tag: 'Left',
      left: expect.objectContaining({ code: 'invalid_expression', path, message }),
    });
  });

  it('a tree deeper than the bound, or cyclic, is refused without overflowing the stack', () => {
    let deep: ExpressionNode = number('1');
    for (let i = 0; i < 10_000; i++) deep = { kind: 'negate', operand: deep, column: 1 };
    expect(compileExpression(deep)).toMatchObject({
      _tag: 'Left',
      left: {
        code: 'invalid_expression',
        message: expect.stringMatching(
          /^Expected at most 200 levels of nesting at operand\.operand/,
        ),
      },
    });
    const cyclic: { kind: 'negate'; operand: unknown; column: number } = {
      kind: 'negate',
      operand: undefined,
      column: 1,
    };
    cyclic.operand = cyclic;
    expect(compileExpression(cyclic as unknown as ExpressionNode)).toMatchObject({ _tag: 'Left' });
  });
});
