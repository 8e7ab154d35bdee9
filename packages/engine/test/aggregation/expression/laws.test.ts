import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BinaryOperator,
  type CompiledExpression,
  compileExpression,
  type ExpressionEvent,
  type ExpressionFunctionName,
  type ExpressionNode,
  evaluateExpression,
  evaluateExpressionText,
  expressionValueText,
  parseExpression,
  printExpression,
} from '../../../src/aggregation/expression/index';
import { formatSmall } from '../../../src/aggregation/expression/small';
import { createScan } from '../../../src/core/decimal/internal';
import { FEECAST_ERROR_CODES } from '../../../src/core/error';
import { decimalString } from '../../arbitraries';
import { compile } from './helpers';

/** The reference: big.js configured like the engine's decimal core (division to 40 places, half up). */
const B = BigJs();
B.DP = 40;
B.RM = B.roundHalfUp;
B.NE = -1e6;
B.PE = 1e6;

const FUNCTION_ARITY: Readonly<Record<ExpressionFunctionName, readonly [number, number]>> = {
  round: [1, 2],
  ceil: [1, 2],
  floor: [1, 2],
  concat: [1, 4],
  least: [1, 4],
  greatest: [1, 4],
};

const unsigned = decimalString({ maxDigits: 12, exponent: false }).map((text) =>
  text.replace('-', ''),
);

/** Syntax trees the parser could produce (columns are not meaningful: all 1). */
const ast: fc.Arbitrary<ExpressionNode> = fc.letrec<{ node: ExpressionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    unsigned.map((text): ExpressionNode => ({ kind: 'number', text, column: 1 })),
    fc
      .string({ unit: fc.constantFrom('a', 'B', ' ', '-', '1', '.', 'é', '"'), maxLength: 4 })
      .map((value): ExpressionNode => ({ kind: 'string', value, column: 1 })),
    fc
      .constantFrom('a', 'b', 'c', 'missing', 'constructor')
      .map((name): ExpressionNode => ({ kind: 'property', name, column: 1 })),
    fc.constant<ExpressionNode>({ kind: 'timestamp', column: 1 }),
    fc.constant<ExpressionNode>({ kind: 'code', column: 1 }),
    tie('node').map((operand): ExpressionNode => ({ kind: 'negate', operand, column: 1 })),
    fc.tuple(fc.constantFrom<BinaryOperator>('+', '-', '*', '/'), tie('node'), tie('node')).map(
      ([operator, left, right]): ExpressionNode => ({
        kind: 'binary',
        operator,
        left,
        right,
        column: 1,
      }),
    ),
    fc.constantFrom(...(Object.keys(FUNCTION_ARITY) as ExpressionFunctionName[])).chain((name) => {
      const [min, max] = FUNCTION_ARITY[name];
      return fc
        .array(tie('node'), { minLength: min, maxLength: max })
        .map((args): ExpressionNode => ({ kind: 'call', name, args, column: 1 }));
    }),
  ),
})).node;

const digitsArgument = fc.oneof(
  fc
    .integer({ min: -6, max: 6 })
    .map(
      (n): ExpressionNode =>
        n < 0
          ? { kind: 'negate', operand: { kind: 'number', text: String(-n), column: 1 }, column: 1 }
          : { kind: 'number', text: String(n), column: 1 },
    ),
  fc.constant<ExpressionNode>({ kind: 'property', name: 'd', column: 1 }),
);

/** Numeric trees only: the ones that have a small (safe-integer) path. */
const numericAst: fc.Arbitrary<ExpressionNode> = fc.letrec<{ node: ExpressionNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .oneof(unsigned, fc.constantFrom('0', '1', '2', '1000', '0.25', '3', '1.2'))
      .map((text): ExpressionNode => ({ kind: 'number', text, column: 1 })),
    fc
      .constantFrom('a', 'b', 'c')
      .map((name): ExpressionNode => ({ kind: 'property', name, column: 1 })),
    fc.constant<ExpressionNode>({ kind: 'timestamp', column: 1 }),
    tie('node').map((operand): ExpressionNode => ({ kind: 'negate', operand, column: 1 })),
    fc.tuple(fc.constantFrom<BinaryOperator>('+', '-', '*', '/'), tie('node'), tie('node')).map(
      ([operator, left, right]): ExpressionNode => ({
        kind: 'binary',
        operator,
        left,
        right,
        column: 1,
      }),
    ),
    fc
      .tuple(
        fc.constantFrom<ExpressionFunctionName>('round', 'ceil', 'floor'),
        tie('node'),
        fc.option(digitsArgument),
      )
      .map(
        ([name, value, digits]): ExpressionNode => ({
          kind: 'call',
          name,
          args: digits === null ? [value] : [value, digits],
          column: 1,
        }),
      ),
    fc
      .tuple(
        fc.constantFrom<ExpressionFunctionName>('least', 'greatest'),
        fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
      )
      .map(([name, args]): ExpressionNode => ({ kind: 'call', name, args, column: 1 })),
  ),
})).node;

/** Events whose values are mostly plain decimals, with a few that leave the small path. */
const plainEvent: fc.Arbitrary<ExpressionEvent> = fc.record({
  transaction_id: fc.constant('t'),
  code: fc.constant('c'),
  timestamp: fc.oneof(fc.integer({ min: 0, max: 2e9 }), fc.constant('2024-03-01T12:00:00.5Z')),
  properties: fc.record({
    a: fc.oneof(
      decimalString({ maxDigits: 15, exponent: false }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom('2.5', '-2.5', '12.345', '-0.05', '150', '-1250'),
    ),
    b: fc.oneof(
      decimalString({ maxDigits: 8, exponent: false }),
      fc.constantFrom('0', '8', '0.125', '1e2', '-0'),
    ),
    c: fc.oneof(
      decimalString({ maxDigits: 17, exponent: false }),
      fc.constantFrom(9007199254740991, '99999999999999999'),
    ),
    d: fc.integer({ min: -4, max: 4 }),
  }),
});

/** Property values as events carry them: decimal strings, JSON numbers, other strings, zeros. */
const propertyValue: fc.Arbitrary<unknown> = fc.oneof(
  decimalString({ maxDigits: 15 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom('0', 0, 'eu-west', '', '-', '12abc', '2'),
);

const event: fc.Arbitrary<ExpressionEvent> = fc.record({
  transaction_id: fc.string({ maxLength: 8 }),
  code: fc.constantFrom('api_calls', 'storage'),
  timestamp: fc.oneof(
    fc.integer({ min: -1e10, max: 1e10 }),
    fc.constantFrom(
      '2024-03-01T12:00:00Z',
      '2024-03-01T12:00:00.5+01:00',
      '1709294400.25',
      'yesterday',
    ),
  ),
  properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), propertyValue),
});

/** Events of any shape: every field may be any value, or absent. */
const anyEvent: fc.Arbitrary<ExpressionEvent> = fc
  .record(
    {
      transaction_id: fc.anything(),
      code: fc.anything(),
      timestamp: fc.oneof(fc.anything(), fc.double(), fc.string()),
      properties: fc.oneof(
        fc.dictionary(
          fc.constantFrom('a', 'b', 'c', 'constructor', 'toString'),
          fc.oneof(propertyValue, fc.anything()),
        ),
        fc.anything(),
      ),
    },
    { requiredKeys: [] },
  )
  .map((record) => record as unknown as ExpressionEvent);

/** The outcome of an evaluation in comparable form. */
function outcome(result: ReturnType<typeof evaluateExpression>): unknown {
  if (result._tag === 'Left') {
    const details = result.left.details as { reason?: unknown } | undefined;
    return { error: result.left.code, reason: details?.reason };
  }
  return { type: typeof result.right, text: expressionValueText(result.right) };
}

function stripColumns(node: ExpressionNode): unknown {
  return JSON.parse(
    JSON.stringify(node, (key, value: unknown) => (key === 'column' ? undefined : value)),
  );
}

const fragments = fc.constantFrom(
  'round(',
  'ROUND(',
  'Ceil(',
  'floor',
  'concat(',
  'least(',
  'GREATEST(',
  'rOund(',
  'sqrt(',
  '(',
  ')',
  ',',
  '-',
  '+',
  '*',
  '/',
  ' ',
  '  ',
  '\t',
  '\n',
  "'",
  "'x'",
  '12',
  '1.5',
  '0',
  '.',
  'e3',
  'event',
  'event.',
  'event.properties.a',
  'event.properties.',
  'event.timestamp',
  'event.code',
  'event .code',
  '%',
  '"',
  '\u00a0',
);

describe('laws of the expression language', () => {
  it('parse never throws on any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.array(fragments, { maxLength: 25 }).map((parts) => parts.join('')),
        ),
        (text) => {
          const result = parseExpression(text);
          if (result._tag === 'Left') {
            expect(result.left.code).toBe('invalid_expression');
            expect(result.left.message).toMatch(/^Expected .* at column \d+ of /);
          } else {
            // Whatever parses prints to a fixed point of print ∘ parse.
            const printed = printExpression(result.right.ast);
            expect(printExpression(compile(printed).ast)).toBe(printed);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('evaluate never throws on generated events', () => {
    const codes = Object.keys(FEECAST_ERROR_CODES);
    fc.assert(
      fc.property(
        ast,
        fc.array(fc.oneof(event, anyEvent), { minLength: 1, maxLength: 5 }),
        (tree, events) => {
          const compiled = compileExpression(tree);
          expect(compiled._tag).toBe('Right');
          if (compiled._tag === 'Left') return;
          for (const on of events) {
            const result = evaluateExpression(compiled.right, on);
            if (result._tag === 'Left') {
              expect(codes).toContain(result.left.code);
              expect(['expression_evaluation_failed', 'invalid_input']).toContain(result.left.code);
            } else {
              expect(typeof expressionValueText(result.right)).toBe('string');
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('printing then re-parsing a generated AST evaluates to the same value', () => {
    fc.assert(
      fc.property(ast, fc.array(event, { minLength: 1, maxLength: 4 }), (tree, events) => {
        const direct = compileExpression(tree);
        const printed = printExpression(tree);
        const reparsed = parseExpression(printed);
        if (direct._tag === 'Left' || reparsed._tag === 'Left') {
          throw new Error(`${printed}: ${JSON.stringify(direct)} ${JSON.stringify(reparsed)}`);
        }
        expect(stripColumns(reparsed.right.ast)).toEqual(stripColumns(tree));
        for (const on of events) {
          expect(outcome(evaluateExpression(reparsed.right, on))).toEqual(
            outcome(evaluateExpression(direct.right, on)),
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the small path agrees with the decimal path', () => {
    let small = 0;
    let total = 0;
    fc.assert(
      fc.property(
        numericAst,
        fc.array(plainEvent, { minLength: 1, maxLength: 4 }),
        (tree, events) => {
          const compiled = compileExpression(tree);
          if (compiled._tag === 'Left') throw new Error(compiled.left.message);
          const decimalOnly: CompiledExpression = { ...compiled.right, small: undefined };
          for (const on of events) {
            total++;
            const register = createScan();
            const m = compiled.right.small?.(on, register) ?? Number.NaN;
            const reference = evaluateExpression(decimalOnly, on);
            if (!Number.isNaN(m)) {
              small++;
              expect(Number.isSafeInteger(m)).toBe(true);
              expect(reference._tag).toBe('Right');
              expect(formatSmall(m, register.scale)).toBe(
                reference._tag === 'Right' ? expressionValueText(reference.right) : '',
              );
            }
            expect(outcome(evaluateExpression(compiled.right, on))).toEqual(outcome(reference));
            const text = evaluateExpressionText(compiled.right, on);
            expect(text._tag === 'Right' ? text.right : outcome(text)).toEqual(
              reference._tag === 'Right'
                ? expressionValueText(reference.right)
                : outcome(reference),
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
    // The law has teeth only if the small path is taken often.
    expect(small / total).toBeGreaterThan(0.2);
  });

  it('arithmetic matches big.js', () => {
    const compiled = {
      '+': compile('event.properties.a + event.properties.b'),
      '-': compile('event.properties.a - event.properties.b'),
      '*': compile('event.properties.a * event.properties.b'),
      '/': compile('event.properties.a / event.properties.b'),
    } as const;
    const reference = {
      '+': (a: BigJs.Big, b: BigJs.Big) => a.plus(b),
      '-': (a: BigJs.Big, b: BigJs.Big) => a.minus(b),
      '*': (a: BigJs.Big, b: BigJs.Big) => a.times(b),
      '/': (a: BigJs.Big, b: BigJs.Big) => a.div(b),
    } as const;
    fc.assert(
      fc.property(
        decimalString(),
        fc.oneof(decimalString(), fc.constantFrom('0', '-0.000')),
        fc.constantFrom<BinaryOperator>('+', '-', '*', '/'),
        (a, b, operator) => {
          const result = evaluateExpression(compiled[operator], {
            transaction_id: 't',
            code: 'c',
            timestamp: 0,
            properties: { a, b },
          });
          if (operator === '/' && new B(b).eq(new B('0'))) {
            expect(outcome(result)).toEqual({
              error: 'expression_evaluation_failed',
              reason: 'division_by_zero',
            });
          } else {
            expect(outcome(result)).toEqual({
              type: 'object',
              text: reference[operator](new B(a), new B(b)).toFixed(),
            });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('round, ceil and floor match big.js (half up, toward +∞, toward −∞)', () => {
    const mode = {
      round: () => B.roundHalfUp,
      ceil: (x: BigJs.Big) => (x.lt(new B('0')) ? B.roundDown : B.roundUp),
      floor: (x: BigJs.Big) => (x.lt(new B('0')) ? B.roundUp : B.roundDown),
    } as const;
    fc.assert(
      fc.property(
        decimalString({ maxDigits: 20 }),
        fc.integer({ min: -25, max: 25 }),
        fc.constantFrom('round', 'ceil', 'floor'),
        (x, digits, name) => {
          const compiled = compile(`${name}(event.properties.x, event.properties.d)`);
          const result = evaluateExpression(compiled, {
            transaction_id: 't',
            code: 'c',
            timestamp: 0,
            properties: { x, d: digits },
          });
          const big = new B(x);
          expect(outcome(result)).toEqual({
            type: 'object',
            text: big.round(digits, mode[name](big)).toFixed(),
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('least and greatest are the numeric minimum and maximum', () => {
    const least = compile('least(event.properties.a, event.properties.b, event.properties.c)');
    const greatest = compile(
      'GREATEST(event.properties.a, event.properties.b, event.properties.c)',
    );
    fc.assert(
      fc.property(
        fc.array(decimalString({ maxDigits: 10 }), { minLength: 3, maxLength: 3 }),
        (values) => {
          const [a, b, c] = values;
          const sorted = values.map((v) => new B(v)).sort((x, y) => x.cmp(y));
          const on = { transaction_id: 't', code: 'c', timestamp: 0, properties: { a, b, c } };
          expect(outcome(evaluateExpression(least, on))).toMatchObject({
            text: sorted[0]?.toFixed(),
          });
          expect(outcome(evaluateExpression(greatest, on))).toMatchObject({
            text: sorted[2]?.toFixed(),
          });
        },
      ),
    );
  });

  it('a compiled expression gives the same result on each event as a fresh compilation', () => {
    fc.assert(
      fc.property(ast, fc.array(event, { minLength: 2, maxLength: 6 }), (tree, events) => {
        const shared = compileExpression(tree);
        if (shared._tag === 'Left') throw new Error(shared.left.message);
        for (const on of events) {
          const fresh = compileExpression(tree);
          if (fresh._tag === 'Left') throw new Error(fresh.left.message);
          expect(outcome(evaluateExpression(shared.right, on))).toEqual(
            outcome(evaluateExpression(fresh.right, on)),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
