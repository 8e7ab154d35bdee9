import { describe, expect, it } from 'vitest';
import {
  type ExpressionEvent,
  evaluateExpression,
  evaluateExpressionText,
  expressionValueText,
} from '../../../src/aggregation/expression/index';
import { formatSmall } from '../../../src/aggregation/expression/small';
import { unixSeconds } from '../../../src/aggregation/expression/timestamp';
import { createScan } from '../../../src/core/decimal/internal';
import { compile, evaluate, evaluationError, event } from './helpers';

describe('exact decimal arithmetic', () => {
  it.each([
    ['0.1 + 0.2', '0.3'],
    ['123456789012345678901234567890.123 * 10', '1234567890123456789012345678901.23'],
    [
      '0.000000000000000000001 * 0.000000000000000000001',
      '0.000000000000000000000000000000000000000001',
    ],
    ['1 - 1.000', '0'],
    ['-0', '0'],
    ['-(1 - 1)', '0'],
    ['10 / 4', '2.5'],
    ['1 / 3 * 3', `0.${'9'.repeat(39)}9`],
  ])('%s = %s', (text, expected) => {
    expect(evaluate(text).text).toBe(expected);
  });

  it('reads big and tiny property values exactly', () => {
    expect(evaluate('event.properties.a + 0', event({ a: 1e21 })).text).toBe(
      '1000000000000000000000',
    );
    expect(evaluate('event.properties.a * 2', event({ a: '-1.5e-30' })).text).toBe(
      `-0.${'0'.repeat(29)}3`,
    );
  });
});

describe('properties', () => {
  it.each([
    [null, 'null'],
    [true, 'boolean true'],
    [{ x: 1 }, 'an object'],
    [[1], 'an array'],
    [Number.NaN, 'the number NaN, which is not finite'],
  ])('%j is not a value an expression can read', (value, shown) => {
    const error = evaluationError('event.properties.a', event({ a: value }));
    expect(error).toMatchObject({
      code: 'expression_evaluation_failed',
      message: `Cannot evaluate the expression "event.properties.a" for the event with transaction_id "tx_1": event.properties.a (column 1) is ${shown}; an expression can only read a string or a number.`,
      path: ['properties', 'a'],
      details: { reason: 'unsupported_property' },
    });
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])(
    'event.properties.%s is an own property only',
    (name) => {
      expect(evaluationError(`event.properties.${name}`, event({})).details).toMatchObject({
        reason: 'missing_property',
      });
    },
  );

  it('an own property set to undefined is missing', () => {
    expect(evaluationError('event.properties.a', event({ a: undefined })).details).toMatchObject({
      reason: 'missing_property',
    });
  });

  it.each([null, 'text', 12, ['a']])('properties = %j has no properties', (properties) => {
    const on = { ...event(), properties } as unknown as ExpressionEvent;
    expect(evaluationError('event.properties.length', on).details).toMatchObject({
      reason: 'missing_property',
    });
  });

  it.each([
    ['12abc', 'string'],
    ['-', 'string'],
    [' 12', 'string'],
    ['+12', 'string'],
    ['.5', 'string'],
    ['0x1A', 'string'],
    ['Infinity', 'string'],
    ['-0.5', 'decimal'],
    ['1E3', 'decimal'],
  ])('the property text %j is a %s', (value, type) => {
    const result = evaluateExpression(compile('event.properties.a'), event({ a: value }));
    expect(
      result._tag === 'Right' && (typeof result.right === 'string' ? 'string' : 'decimal'),
    ).toBe(type);
  });

  it('operands are evaluated left to right: the first failure is reported', () => {
    expect(evaluationError('event.properties.a + event.properties.b', event({})).path).toEqual([
      'properties',
      'a',
    ]);
    expect(evaluationError("'x' + event.properties.b", event({})).details).toMatchObject({
      reason: 'expected_decimal',
    });
  });
});

describe('event.timestamp', () => {
  it.each([
    ['2024-03-01T12:00:00Z', 1709294400],
    ['2024-03-01T12:00:00.999999Z', 1709294400],
    ['2024-03-01T13:30:00+01:30', 1709294400],
    ['2024-03-01T10:00:00-02:00', 1709294400],
    ['2024-02-29T00:00:00Z', 1709164800],
    ['1970-01-01T00:00:00Z', 0],
    ['1969-12-31T23:59:59.5Z', -1],
    ['2000-03-01T00:00:00Z', 951868800],
    ['1709294400', 1709294400],
    ['1709294400.999999999999999999', 1709294400],
    [1709294400, 1709294400],
    [1709294400.75, 1709294400],
  ])('%j is %i seconds', (timestamp, seconds) => {
    expect(unixSeconds(timestamp)).toBe(seconds);
    expect(evaluate('event.timestamp', event({}, { timestamp })).text).toBe(String(seconds));
  });

  it.each([
    '2024-03-01T12:00:00',
    '2024-03-01',
    '2024-03-01 12:00:00Z',
    '2024-03-01t12:00:00z',
    '-1.5',
    -0.25,
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-03-01T24:00:00Z',
    '2024-03-01T12:00:60Z',
    '2024-03-01T12:00:00.Z',
    '2024-03-01T12:00:00+0100',
    '2024-03-01T12:00:00+24:00',
    '2024-03-01T12:00:00Zjunk',
    'yesterday',
    '',
    '1e400',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e300,
    null,
  ])('%j is not a timestamp', (timestamp) => {
    expect(unixSeconds(timestamp)).toBeUndefined();
    const on = { ...event(), timestamp } as unknown as ExpressionEvent;
    expect(evaluationError('event.timestamp + 1', on)).toMatchObject({
      code: 'expression_evaluation_failed',
      path: ['timestamp'],
      details: { reason: 'invalid_timestamp', column: 1 },
    });
  });

  it('the error says what was found and what is accepted', () => {
    expect(evaluationError('event.timestamp', event({}, { timestamp: 'yesterday' })).message).toBe(
      'Cannot evaluate the expression "event.timestamp" for the event with transaction_id "tx_1": event.timestamp (column 1) cannot be read: "yesterday" is neither Unix seconds nor an ISO 8601 date-time with an offset such as "2024-03-01T12:00:00Z".',
    );
  });
});

describe('event.code', () => {
  it('a code that is not a string cannot be read', () => {
    const on = { ...event(), code: 7 } as unknown as ExpressionEvent;
    expect(evaluationError("concat(event.code, '')", on)).toMatchObject({
      path: ['code'],
      details: { reason: 'invalid_code' },
    });
  });
});

describe('the number of decimal places of round, ceil and floor', () => {
  it.each([
    ['round(1.5, 0.5)', '0.5'],
    ['round(1.5, 1001)', '1001'],
    ['ceil(1.5, -1001)', '-1001'],
  ])('%s: must be an integer from -1000 to 1000', (text, got) => {
    const error = evaluationError(text, event());
    const name = text.slice(0, text.indexOf('('));
    expect(error).toMatchObject({
      message: `Cannot evaluate the expression ${JSON.stringify(text)} for the event with transaction_id "tx_1": The number of decimal places given to ${name} at column 1 must be an integer from -1000 to 1000, got ${got}.`,
      details: { reason: 'invalid_precision' },
    });
  });

  it('may be negative down to -1000 and come from the event, changing per event', () => {
    expect(evaluate('round(5, -1000)').text).toBe('0');
    const compiled = compile('round(event.properties.x, event.properties.d)');
    const run = (d: string) => evaluateExpression(compiled, event({ x: '1.23456', d }));
    const texts = ['1', '3', '3', '1', '-1', '2.0'].map((d) => {
      const value = run(d);
      return value._tag === 'Right' ? expressionValueText(value.right) : value.left.message;
    });
    expect(texts).toEqual(['1.2', '1.235', '1.235', '1.2', '0', '1.23']);
    expect(run('1.5')).toMatchObject({
      _tag: 'Left',
      left: { details: { reason: 'invalid_precision' } },
    });
    expect(run('1')).toMatchObject({ _tag: 'Right' });
    expect(evaluationError("round(1, 'a')", event()).details).toMatchObject({
      reason: 'expected_decimal',
    });
  });
});

describe('evaluation errors name the transaction', () => {
  it('without a transaction_id', () => {
    const on = { code: 'c', timestamp: 0, properties: {} } as unknown as ExpressionEvent;
    const error = evaluationError('event.properties.a', on);
    expect(error.message).toMatch(
      /^Cannot evaluate the expression "event.properties.a" for an event without a transaction_id: /,
    );
    expect(error.details).toMatchObject({ transaction_id: null });
  });

  it('a constant failure (1 / 0) fails on every event, not at parse time (as the reference)', () => {
    const compiled = compile('event.properties.a + 1 / 0');
    for (const id of ['t1', 't2']) {
      const result = evaluateExpression(compiled, event({ a: '1' }, { transaction_id: id }));
      expect(result).toMatchObject({
        _tag: 'Left',
        left: { details: { reason: 'division_by_zero', transaction_id: id, column: 24 } },
      });
    }
  });

  it.each([null, undefined, 'event', 12])(
    'an event that is not an object (%j) is invalid_input',
    (on) => {
      expect(evaluateExpression(compile('1'), on as unknown as ExpressionEvent)).toMatchObject({
        _tag: 'Left',
        left: { code: 'invalid_input' },
      });
    },
  );
});

describe('one compiled expression serves many events', () => {
  it('results do not leak between events', () => {
    const compiled = compile(
      "concat(round(event.properties.a * 2, 1), '/', least(event.properties.a, 3))",
    );
    const results = ['1.25', '4', '-0.05', '1.25'].map((a) => {
      const value = evaluateExpression(compiled, event({ a }));
      return value._tag === 'Right' ? expressionValueText(value.right) : value.left.message;
    });
    expect(results).toEqual(['2.5/1.25', '8/3', '-0.1/-0.05', '2.5/1.25']);
  });
});

describe('the small path (safe-integer mantissa and scale) gives the decimal path results', () => {
  const tiny = `0.${'0'.repeat(38)}1`;
  it.each([
    ['round(event.properties.a, 1)', { a: '2.25' }, '2.3'],
    ['round(event.properties.a, 1)', { a: '-2.25' }, '-2.3'],
    ['round(event.properties.a)', { a: '12.5' }, '13'],
    ['round(event.properties.a)', { a: '-12.5' }, '-13'],
    ['round(event.properties.a, -2)', { a: '1250' }, '1300'],
    ['round(event.properties.a, -2)', { a: '-1249.99' }, '-1200'],
    ['ceil(event.properties.a, 1)', { a: '-12.35' }, '-12.3'],
    ['ceil(event.properties.a, -1)', { a: '1' }, '10'],
    ['floor(event.properties.a, 1)', { a: '-12.35' }, '-12.4'],
    ['floor(event.properties.a, 3)', { a: '1.5' }, '1.5'],
    ['round(event.properties.a * 3, 2)', { a: '0.335' }, '1.01'],
    ['event.properties.a / 1000', { a: '12345' }, '12.345'],
    ['event.properties.a / 8', { a: '-1' }, '-0.125'],
    ['event.properties.a / 0.25', { a: '3' }, '12'],
    ['event.properties.a / event.properties.b', { a: '1', b: '-0.5' }, '-2'],
    ['event.properties.a - event.properties.b', { a: '0.1', b: 0.3 }, '-0.2'],
    ['least(event.properties.a, event.properties.b)', { a: '10', b: '9.99' }, '9.99'],
    ['greatest(event.properties.a, -event.properties.b)', { a: '-10', b: '9.99' }, '-9.99'],
    ['event.properties.a * 0', { a: '-5' }, '0'],
    ['-event.properties.a', { a: '0' }, '0'],
    ['event.timestamp / 60', {}, '28488240'],
    ['event.properties.a + 1', { a: 9007199254740990 }, '9007199254740991'],
  ])('%s with %j = %s', (text, properties, expected) => {
    const compiled = compile(text);
    const register = createScan();
    const m = compiled.small?.(event(properties), register);
    expect(m === undefined || Number.isNaN(m)).toBe(false);
    expect(formatSmall(m ?? 0, register.scale)).toBe(expected);
    expect(evaluate(text, event(properties)).text).toBe(expected);
  });

  it.each([
    [
      'event.properties.a / 3',
      { a: '1' },
      `0.${'3'.repeat(40)}`,
      'a quotient that does not terminate',
    ],
    [
      'event.properties.a / 8',
      { a: tiny },
      `0.${'0'.repeat(39)}1`,
      'a quotient beyond 40 places (rounded there)',
    ],
    ['event.properties.a + 1', { a: 9007199254740991 }, '9007199254740992', 'beyond 2^53 - 1'],
    [
      'event.properties.a * event.properties.a',
      { a: '123456789' },
      '15241578750190521',
      'a product beyond 2^53 - 1',
    ],
    ['event.properties.a + 0', { a: '1e3' }, '1000', 'exponent notation'],
    ['event.properties.a + 0', { a: 1e-7 }, '0.0000001', 'a JSON number written with an exponent'],
    [
      'round(event.properties.a, event.properties.d)',
      { a: '1.25', d: 1 },
      '1.3',
      'places read from the event',
    ],
  ])('%s with %j = %s through the decimal path (%s)', (text, properties, expected, _why) => {
    const compiled = compile(text);
    const m = compiled.small?.(event(properties), createScan());
    expect(m === undefined || Number.isNaN(m)).toBe(true);
    expect(evaluate(text, event(properties)).text).toBe(expected);
  });

  it('evaluateExpressionText gives the text on both paths, and the error otherwise', () => {
    const compiled = compile('round((event.properties.a + event.properties.b) * 1.2, 2)');
    expect(evaluateExpressionText(compiled, event({ a: '2373.2345', b: '6.5' }))).toEqual({
      _tag: 'Right',
      right: '2855.68',
    });
    expect(evaluateExpressionText(compiled, event({ a: '2.3732345e3', b: '6.5' }))).toEqual({
      _tag: 'Right',
      right: '2855.68',
    });
    expect(evaluateExpressionText(compiled, event({ a: 'x', b: '6.5' }))).toMatchObject({
      _tag: 'Left',
      left: { code: 'expression_evaluation_failed', details: { reason: 'expected_decimal' } },
    });
    expect(evaluateExpressionText(compile("concat('a', 1.50)"), event())).toEqual({
      _tag: 'Right',
      right: 'a1.5',
    });
  });
});
