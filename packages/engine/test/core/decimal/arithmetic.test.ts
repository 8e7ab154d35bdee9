import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abs,
  add,
  compare,
  decimalFromCount,
  decimalFromInteger,
  divide,
  equals,
  formatDecimal,
  max,
  min,
  movePoint,
  multiply,
  negate,
  parseDecimalUnsafe,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../../src/core/decimal/index';
import { decimalString } from '../../arbitraries';

const Reference = BigJs();
/** big.js as the engine documents its division: 40 places, half away from zero at the last. */
const Divider = BigJs();
Divider.DP = 40;
Divider.RM = Divider.roundHalfUp;
const d = parseDecimalUnsafe;

describe('arithmetic, by hand', () => {
  it('adds, subtracts and multiplies exactly', () => {
    expect(formatDecimal(add(d('0.1'), d('0.2')))).toBe('0.3');
    expect(formatDecimal(subtract(d('1'), d('0.9')))).toBe('0.1');
    expect(formatDecimal(multiply(d('5715.5'), d('0.0125')))).toBe('71.44375');
    expect(formatDecimal(sum([d('1'), d('2.5'), d('-0.5')]))).toBe('3');
    expect(formatDecimal(sum([]))).toBe('0');
  });

  it('divides to 40 places and refuses a zero divisor with a Left', () => {
    const third = divide(d('1'), d('3'));
    expect(third._tag === 'Right' && formatDecimal(third.right)).toBe(`0.${'3'.repeat(40)}`);
    const quarter = divide(d('1'), d('4'));
    expect(quarter._tag === 'Right' && formatDecimal(quarter.right)).toBe('0.25');
    expect(divide(d('1'), ZERO)).toMatchObject({
      _tag: 'Left',
      left: { code: 'division_by_zero' },
    });
    expect(divide(d('1'), d('-0.000'))).toMatchObject({
      _tag: 'Left',
      left: { code: 'division_by_zero' },
    });
  });

  it('rounds the 40th place half away from zero, both signs; a quotient below it is 0', () => {
    const quotient = (a: string, b: string) => {
      const q = divide(d(a), d(b));
      return q._tag === 'Right' ? formatDecimal(q.right) : q.left.code;
    };
    // 1e-40 / 2 = 0.5e-40: exactly half of the last place, so away from zero.
    expect(quotient('1e-40', '2')).toBe(`0.${'0'.repeat(39)}1`);
    expect(quotient('-1e-40', '2')).toBe(`-0.${'0'.repeat(39)}1`);
    expect(quotient('1e-40', '-3')).toBe('0');
    // 2/3 = 0.666…: the 40th place rounds up; 218.5 / 43.7 = 5 exactly.
    expect(quotient('2', '3')).toBe(`0.${'6'.repeat(39)}7`);
    expect(quotient('218.5', '43.7')).toBe('5');
    expect(quotient('-1.5e7', '0.0003')).toBe('-50000000000');
  });

  it('compares, signs and orders values', () => {
    expect(sign(d('-0.01'))).toBe(-1);
    expect(sign(d('0.000'))).toBe(0);
    expect(sign(d('3'))).toBe(1);
    expect(compare(d('1.50'), d('1.5'))).toBe(0);
    expect(equals(d('1.50'), d('1.5'))).toBe(true);
    expect(formatDecimal(min(d('2'), d('-3')))).toBe('-3');
    expect(formatDecimal(max(d('2'), d('-3')))).toBe('2');
    expect(formatDecimal(negate(d('2')))).toBe('-2');
    expect(formatDecimal(abs(d('-2.5')))).toBe('2.5');
  });

  it('builds decimals from integers and counts', () => {
    expect(formatDecimal(decimalFromCount(42))).toBe('42');
    const big = decimalFromInteger(12345678901234567890n);
    expect(big._tag === 'Right' && formatDecimal(big.right)).toBe('12345678901234567890');
    expect(decimalFromInteger(2 ** 60)).toMatchObject({
      _tag: 'Left',
      left: { code: 'out_of_range' },
    });
    expect(decimalFromInteger(1.5)).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
  });
});

describe('arithmetic laws', () => {
  it('add, subtract, multiply and compare equal big.js', () => {
    fc.assert(
      fc.property(decimalString(), decimalString(), (a, b) => {
        const [x, y] = [new Reference(a), new Reference(b)];
        expect(formatDecimal(add(d(a), d(b)))).toBe(x.plus(y).toFixed());
        expect(formatDecimal(subtract(d(a), d(b)))).toBe(x.minus(y).toFixed());
        expect(formatDecimal(multiply(d(a), d(b)))).toBe(x.times(y).toFixed());
        expect(compare(d(a), d(b))).toBe(x.cmp(y));
      }),
    );
  });

  it('movePoint equals a multiplication by the power of ten, zero and signs included', () => {
    fc.assert(
      fc.property(decimalString(), fc.integer({ min: -30, max: 30 }), (a, places) => {
        const value = d(a);
        const moved = movePoint(value, places);
        const expected = new Reference(a).times(new Reference(`1e${places}`));
        expect(formatDecimal(moved)).toBe(expected.toFixed());
        expect(compare(moved, d(expected.toFixed()))).toBe(0);
        // The value moved is not changed.
        expect(formatDecimal(value)).toBe(new Reference(a).toFixed());
      }),
    );
    expect(formatDecimal(movePoint(d('-0'), 2))).toBe(new Reference('-0').times(100).toFixed());
    expect(formatDecimal(movePoint(d('12.345'), 2))).toBe('1234.5');
    expect(formatDecimal(movePoint(d('1234.5'), -2))).toBe('12.345');
  });

  it('divide equals big.js division to 40 places, half away from zero', () => {
    fc.assert(
      fc.property(decimalString(), decimalString(), (a, b) => {
        fc.pre(sign(d(b)) !== 0);
        const q = divide(d(a), d(b));
        if (q._tag === 'Left') throw new Error(q.left.message);
        expect(formatDecimal(q.right)).toBe(new Divider(a).div(new Divider(b)).toFixed());
      }),
      { numRuns: 500 },
    );
  });

  it('a / b × b is a, to within the 40th decimal place', () => {
    fc.assert(
      fc.property(
        decimalString({ maxDigits: 12, exponent: false }),
        decimalString({ maxDigits: 12, exponent: false }),
        (a, b) => {
          fc.pre(sign(d(b)) !== 0);
          const q = divide(d(a), d(b));
          if (q._tag === 'Left') throw new Error(q.left.message);
          const back = new Reference(formatDecimal(multiply(q.right, d(b))));
          const error = back.minus(new Reference(a)).abs();
          expect(error.lte(new Reference(b).abs().times('1e-40'))).toBe(true);
        },
      ),
    );
  });
});
