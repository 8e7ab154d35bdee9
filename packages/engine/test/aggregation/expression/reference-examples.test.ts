/**
 * Every example and rule of the reference notes on expressions, as tables:
 * aggregations.md §5 (lines 295-329), open question 16 (line 418), estimate-and-usage.md
 * lines 59-60 and 151-153, and the rounding figures of aggregations.md §1.1 (line 60), which
 * the expression functions share (§5 line 314: round is half-up away from zero).
 */
import { describe, expect, it } from 'vitest';
import { applyExpression } from '../../../src/aggregation/expression/index';
import { compile, evaluate, evaluationError, event, parseError } from './helpers';

describe('aggregations.md §5 examples (lines 324-328)', () => {
  it.each([
    // [expression, properties, type, text, reference]
    [
      'event.properties.left + event.properties.right',
      { left: '1', right: '2' },
      'decimal',
      '3',
      'l.324-325: {left:"1", right:"2"} -> 3',
    ],
    // Inputs from lago-api spec/services/billable_metrics/evaluate_expression_service_spec.rb
    // (value 10.4, units 2); the reference notes give only the result 21.0.
    [
      'round(event.properties.value * event.properties.units)',
      { value: 10.4, units: 2 },
      'decimal',
      '21',
      'l.325-326: -> 21.0',
    ],
    ['(123 - 1.23) / 10', {}, 'decimal', '12.177', 'l.326'],
    ["concat(1.23, 'test')", {}, 'string', '1.23test', 'l.326'],
    ['least(12.34, 5.0)', {}, 'decimal', '5', 'l.327: 5.0'],
    ['greatest(12.34, 15.0)', {}, 'decimal', '15', 'l.327: 15.0'],
    ['round(12.5)', {}, 'decimal', '13', 'l.327'],
    ['round(12.345, 2)', {}, 'decimal', '12.35', 'l.328'],
    ['ceil(12.351, 1)', {}, 'decimal', '12.4', 'l.328'],
    ['floor(12.351, 1)', {}, 'decimal', '12.3', 'l.328'],
    ['round(12.34, -1)', {}, 'decimal', '10', 'l.315: round(12.34,-1)=10'],
  ] as const)('%s with %j is the %s %s (%s)', (text, properties, type, expected, _reference) => {
    expect(evaluate(text, event(properties))).toEqual({ type, text: expected });
  });
});

describe('aggregations.md §1.1 rounding figures (line 60) through round/ceil/floor', () => {
  it.each([
    ['round(12.345, 2)', '12.35'],
    ['ceil(12.344, 2)', '12.35'],
    ['floor(12.349, 2)', '12.34'],
    ['round(2.5, 0)', '3'],
    ['round(-2.5, 0)', '-3'],
    ['round(1234, -2)', '1200'],
  ])('%s = %s', (text, expected) => {
    expect(evaluate(text).text).toBe(expected);
  });
});

describe('aggregations.md §5 inputs (lines 307-309)', () => {
  it('event.properties.NAME reads a property', () => {
    expect(evaluate('event.properties.units_2', event({ units_2: '7' })).text).toBe('7');
  });

  it.each([
    [
      'a dash',
      'event.properties.my-key',
      'Expected a function (round, ceil, floor, concat, least, greatest; lower case, UPPER CASE or Capitalized) at column 21 of "event.properties.my-key", found \'key\'. Event data is read with event.properties.NAME.',
    ],
    [
      'a dot',
      'event.properties.my.key',
      "Expected a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function, an operator or a parenthesis at column 20",
    ],
    [
      'a leading digit',
      'event.properties.1st',
      'Expected a property name (an ASCII letter, then letters, digits or _) at column 18',
    ],
    [
      'a leading underscore',
      'event.properties._x',
      'Expected a property name (an ASCII letter, then letters, digits or _) at column 18',
    ],
  ])('a key with %s cannot be referenced: %s', (_what, text, message) => {
    expect(parseError(text).message).toContain(message);
  });

  it('a key with a dash is read as a subtraction when both sides exist', () => {
    expect(
      evaluate('event.properties.my-event.properties.key', event({ my: '5', key: '2' })).text,
    ).toBe('3');
  });

  it('event.timestamp is integer Unix seconds, the sub-second part truncated (line 308-309)', () => {
    expect(
      evaluate('event.timestamp', event({}, { timestamp: '2024-03-01T12:00:00.999Z' })),
    ).toEqual({
      type: 'decimal',
      text: '1709294400',
    });
    expect(evaluate('event.timestamp', event({}, { timestamp: 1709294400.75 })).text).toBe(
      '1709294400',
    );
    expect(evaluate('event.timestamp', event({}, { timestamp: '1709294400.75' })).text).toBe(
      '1709294400',
    );
  });

  it('event.code is a string (line 309)', () => {
    expect(evaluate('event.code', event({}, { code: 'storage' }))).toEqual({
      type: 'string',
      text: 'storage',
    });
  });
});

describe('aggregations.md §5 literals (lines 310-311)', () => {
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    ['-12.5', '-12.5'],
  ])('the unsigned decimal %s, negative through unary minus', (text, expected) => {
    expect(evaluate(text).text).toBe(expected);
  });

  it.each([
    [
      '1e3',
      'Expected an operator (+ - * /) or the end of the expression at column 2 of "1e3", found \'e3\'.',
    ],
    [
      '12.',
      `Expected a digit after '.' (write 12 or 12.5, not 12.) at column 4 of "12.", found the end of the expression.`,
    ],
    [
      '.5',
      `Expected a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function, an operator or a parenthesis at column 1 of ".5", found '.'.`,
    ],
    [
      '+1',
      `Expected a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function or '(' at column 1 of "+1", found '+'.`,
    ],
  ])('%s is refused', (text, message) => {
    expect(parseError(text)).toMatchObject({ code: 'invalid_expression', message });
  });

  it("a single-quoted string is a string; there is no escape for '", () => {
    expect(evaluate("'a b'")).toEqual({ type: 'string', text: 'a b' });
    expect(evaluate("''")).toEqual({ type: 'string', text: '' });
    expect(parseError("'it\\'s'").message).toContain('found the end of the expression');
  });
});

describe('aggregations.md §5 operators (lines 312-313)', () => {
  it.each([
    ['1 + 2 * 3', '7', '* binds tighter than +'],
    ['10 - 4 / 2', '8', '/ binds tighter than -'],
    ['10 - 4 - 3', '3', '- is left-associative'],
    ['64 / 4 / 2', '8', '/ is left-associative'],
    ['(1 + 2) * 3', '9', 'parentheses group'],
    ['-2 * 3', '-6', 'unary minus binds tightest'],
    ['2 * -3', '-6', 'unary minus after an operator'],
    ['1 - -1', '2', 'binary then unary minus'],
    ['-(1 + 2)', '-3', 'unary minus of a group'],
    ['-(-(2))', '2', 'nested unary minus through parentheses'],
  ])('%s = %s (%s)', (text, expected) => {
    expect(evaluate(text).text).toBe(expected);
  });

  it.each([
    ['1\t+ 2', 'a tab (only spaces may separate tokens)', 2],
    ['1 +\n2', 'a line break (only spaces may separate tokens)', 4],
  ])('only the space separates tokens: %j', (text, found, column) => {
    expect(parseError(text).message).toBe(
      `Expected a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function, an operator or a parenthesis at column ${column} of ${JSON.stringify(text)}, found ${found}.`,
    );
  });

  it('spaces are allowed anywhere between tokens, including at both ends', () => {
    expect(evaluate('  round ( 1.25 , 1 )  ').text).toBe('1.3');
  });
});

describe('aggregations.md §5 functions (lines 314-317)', () => {
  it.each(['round(2.5)', 'ROUND(2.5)', 'Round(2.5)'])(
    '%s: lower, UPPER and Capitalized names',
    (text) => {
      expect(evaluate(text).text).toBe('3');
    },
  );

  it.each(['rOund(2.5)', 'ROund(2.5)'])('%s: no other case', (text) => {
    expect(parseError(text).message).toContain(
      'Expected a function (round, ceil, floor, concat, least, greatest; lower case, UPPER CASE or Capitalized) at column 1',
    );
  });

  it.each([
    ['round(-12.5)', '-13', 'half away from zero'],
    ['ceil(-12.35, 1)', '-12.3', 'toward +∞'],
    ['floor(-12.35, 1)', '-12.4', 'toward −∞'],
    ['ceil(12.3)', '13', 'd defaults to 0'],
    ['floor(12.7)', '12', 'd defaults to 0'],
    ['ceil(1201, -2)', '1300', 'negative d'],
    ['floor(1299, -2)', '1200', 'negative d'],
    ["concat('a', 1.5, 'b', -2)", 'a1.5b-2', 'textual forms'],
    ["CONCAT('x')", 'x', 'one argument'],
    ['least(3, -1, 2)', '-1', 'numeric minimum'],
    ['greatest(3, -1, 2)', '3', 'numeric maximum'],
    ['least(7)', '7', 'one argument'],
    ['greatest(10, 9.99)', '10', 'numeric, not textual, comparison'],
  ])('%s = %s (%s)', (text, expected) => {
    expect(evaluate(text).text).toBe(expected);
  });
});

describe('aggregations.md §5 typing and errors (lines 318-320)', () => {
  it.each([
    [{ a: '12.50' }, 'event.properties.a + 0', '12.5', 'a decimal string is a number'],
    [{ a: 12.5 }, 'event.properties.a + 0', '12.5', 'a JSON number is a number'],
    [
      { a: '1.5e3' },
      'event.properties.a + 0',
      '1500',
      'exponent notation in a property is a number',
    ],
    [
      { a: '007' },
      "concat(event.properties.a, '')",
      '7',
      'a decimal string is a number, also in concat',
    ],
  ])('%j: %s = %s (%s)', (properties, text, expected, _why) => {
    expect(evaluate(text, event(properties)).text).toBe(expected);
  });

  it('a non-decimal string stays a string', () => {
    expect(evaluate("concat(event.properties.region, '-', 1)", event({ region: 'eu' }))).toEqual({
      type: 'string',
      text: 'eu-1',
    });
  });

  it('a string operand is an "expected decimal" error naming the operand and the transaction', () => {
    const error = evaluationError('event.properties.a + 1', event({ a: 'abc' }));
    expect(error).toMatchObject({
      code: 'expression_evaluation_failed',
      message:
        'Cannot evaluate the expression "event.properties.a + 1" for the event with transaction_id "tx_1": Expected a decimal for the left operand of \'+\' at column 20, but event.properties.a is the string "abc".',
      details: {
        reason: 'expected_decimal',
        reference_message: 'Expected a decimal',
        transaction_id: 'tx_1',
        column: 20,
      },
    });
  });

  it.each([
    ['round(event.properties.a)', 'argument 1 of round'],
    ['least(1, event.properties.a)', 'argument 2 of least'],
    ['greatest(event.properties.a, 1)', 'argument 1 of greatest'],
    ['-event.properties.a', 'the operand of unary minus'],
    ['2 * event.properties.a', "the right operand of '*'"],
  ])('%s needs numbers: "%s"', (text, what) => {
    const error = evaluationError(text, event({ a: 'abc' }));
    expect(error.message).toContain(`Expected a decimal for ${what}`);
    expect(error.details).toMatchObject({
      reason: 'expected_decimal',
      reference_message: 'Expected a decimal',
    });
  });

  it('a missing property is "Variable: <name> not found", with the path and the transaction', () => {
    const error = evaluationError(
      'event.properties.left + event.properties.right',
      event({ right: '2' }),
    );
    expect(error).toEqual({
      code: 'expression_evaluation_failed',
      message:
        'Cannot evaluate the expression "event.properties.left + event.properties.right" for the event with transaction_id "tx_1": Variable: left not found: the event has no property "left" (event.properties.left at column 1).',
      path: ['properties', 'left'],
      details: {
        reason: 'missing_property',
        transaction_id: 'tx_1',
        expression: 'event.properties.left + event.properties.right',
        column: 1,
        reference_message: 'Variable: left not found',
      },
    });
  });

  it('estimate-and-usage.md l.59-60: the reference message "expression_evaluation_failed: Variable: left not found" is code + reference_message', () => {
    const error = evaluationError('event.properties.left + event.properties.right', event({}));
    const details = error.details as { reference_message: string };
    expect(`${error.code}: ${details.reference_message}`).toBe(
      'expression_evaluation_failed: Variable: left not found',
    );
  });

  it('an event without properties misses every property', () => {
    expect(evaluationError('event.properties.a', event()).details).toMatchObject({
      reason: 'missing_property',
    });
  });
});

describe('aggregations.md §5 result (lines 321-323) and open question 16 (line 418)', () => {
  it('no implicit rounding of the result', () => {
    expect(evaluate('1.23456789 * 3').text).toBe('3.70370367');
  });

  it('division is exact when it terminates, else 40 decimal places (feecast; the reference uses ~100 significant digits)', () => {
    expect(evaluate('1 / 8').text).toBe('0.125');
    expect(evaluate('2 / 3').text).toBe(`0.${'6'.repeat(39)}7`);
  });

  it('division by zero is an evaluation error (line 418: treat as an evaluation error)', () => {
    const error = evaluationError(
      'event.properties.a / (event.properties.b - 2)',
      event({ a: '1', b: '2' }),
    );
    expect(error).toMatchObject({
      code: 'expression_evaluation_failed',
      message:
        'Cannot evaluate the expression "event.properties.a / (event.properties.b - 2)" for the event with transaction_id "tx_1": Division by zero: the divisor of \'/\' at column 20 is 0.',
      details: { reason: 'division_by_zero', column: 20 },
    });
  });
});

describe('aggregations.md §5 "When" (lines 302-306) and estimate-and-usage.md l.151-153', () => {
  it('the result is written into properties[field_name], overwriting the client value', () => {
    const input = event({ left: '1', right: '2', result: '99' });
    const applied = applyExpression(
      compile('event.properties.left + event.properties.right'),
      'result',
      input,
    );
    expect(applied).toEqual({
      _tag: 'Right',
      right: { ...input, properties: { left: '1', right: '2', result: '3' } },
    });
    expect(input.properties).toEqual({ left: '1', right: '2', result: '99' });
  });

  it('an evaluation error rejects the event (no copy is made)', () => {
    const applied = applyExpression(compile('event.properties.left'), 'result', event({}));
    expect(applied).toMatchObject({ _tag: 'Left', left: { code: 'expression_evaluation_failed' } });
  });

  it('a string result is written as is', () => {
    const applied = applyExpression(compile("concat(event.code, '!')"), 'label', event());
    expect(applied).toMatchObject({
      _tag: 'Right',
      right: { properties: { label: 'api_calls!' } },
    });
  });
});

describe('upstream lago-expression spec examples (expression_spec.rb), beyond the notes', () => {
  const upstream = event({
    property_1: 1.23,
    decimal_property: '2.3',
    property_2: 'test',
    property_3: '12.34',
  });
  it.each([
    ['1 + 3', '4'],
    ["'test'", 'test'],
    ['(123 - event.properties.property_1) / 10', '12.177'],
    ["CONCAT(event.properties.property_1, 'test')", '1.23test'],
    ['event.properties.property_1 + event.properties.decimal_property', '3.53'],
    ["concat(event.properties.property_2, '-', 'suffix')", 'test-suffix'],
    ['round(event.properties.property_3, -1)', '10'],
  ])('%s = %s', (text, expected) => {
    expect(evaluate(text, upstream).text).toBe(expected);
  });

  it('event.properties.does_not_exists fails with "does_not_exists not found"', () => {
    expect(evaluationError('event.properties.does_not_exists', upstream).message).toMatch(
      /does_not_exists not found/,
    );
  });
});
