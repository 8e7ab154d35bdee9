/**
 * The exact decimal on native integers against big.js, its former implementation, kept as an
 * oracle (a devDependency): every exported operation of core/decimal, on random values across
 * scales and magnitudes (0 and -0, negatives, 40+ digits, exponents to ±60, values on and next
 * to rounding ties), must give the text big.js gives with the settings the engine had (division
 * to 40 places half up, plain notation), and the same errors.
 */
import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abs,
  add,
  ceil,
  compare,
  createDecimalSum,
  createScan,
  type Decimal,
  decimalFromCount,
  decimalFromInteger,
  divide,
  down,
  equals,
  floor,
  formatDecimal,
  formatDecimalFixed,
  fromCents,
  halfAwayFromZero,
  halfEven,
  isDecimal,
  max,
  min,
  movePoint,
  multiply,
  negate,
  parseDecimal,
  parseDecimalUnsafe,
  type Rounding,
  readDecimal,
  type Scale,
  scaledBatch,
  scaledDecimal,
  scaledOf,
  scaledText,
  sign,
  subtract,
  sum,
  toCents,
  up,
  wholeMinorUnits,
} from '../../../src/core/decimal/internal';

/** big.js as the engine configured it: strict, division to 40 places half up, no exponent. */
const Big = BigJs();
Big.strict = true;
Big.DP = 40;
Big.RM = Big.roundHalfUp;
Big.NE = -1e6;
Big.PE = 1e6;
type BigValue = BigJs.Big;

const d = parseDecimalUnsafe;
const text = formatDecimal;

const digitRun = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/**
 * A decimal text of any magnitude: up to 50 digits around the point, an exponent to ±60, a
 * sign (including on zero); one in four ends on a tie at a random place (…5, …50, …49, …51).
 */
const decimalText: fc.Arbitrary<string> = fc
  .record({
    negative: fc.boolean(),
    integer: fc.oneof(digitRun(1, 3), digitRun(1, 25), fc.constant('0')),
    fraction: fc.oneof(fc.constant(''), digitRun(1, 4), digitRun(1, 25)),
    tie: fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('5', '50', '49', '51', '500000', '4999999') },
    ),
    exponent: fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.integer({ min: -60, max: 60 }) },
    ),
  })
  .map(({ negative, integer, fraction, tie, exponent }) => {
    const decimals = fraction + tie;
    const body = decimals === '' ? integer : `${integer}.${decimals}`;
    return `${negative ? '-' : ''}${body}${exponent === null ? '' : `e${exponent}`}`;
  });

/** Values that matter by themselves: zeros, one unit, the safe integer's edges, 40+ digits. */
const EDGES = [
  '0',
  '-0',
  '0.000',
  '-0e5',
  '1',
  '-1',
  '0.5',
  '-0.5',
  '9007199254740991',
  '9007199254740992',
  '-9007199254740993',
  '999999999999999',
  '1000000000000000',
  '0.000000000000001',
  '1e-40',
  '5e-41',
  '123456789012345678901234567890123456789012345.678',
  '-0.00000000000000000000000000000000000000000000012345',
  '1e60',
  '2.5',
  '-2.5',
  '0.0000000000000005',
];
const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: decimalText },
  { weight: 1, arbitrary: fc.constantFrom(...EDGES) },
);

/** Rounding scales: mostly those money uses, some far ones (a Scale is -1000 to 1000). */
const scale: fc.Arbitrary<Scale> = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: -3, max: 6 }) },
    { weight: 1, arbitrary: fc.integer({ min: -70, max: 70 }) },
    { weight: 1, arbitrary: fc.constantFrom(-1000, 1000) },
  )
  .map((n) => n as Scale);

const big = (v: string): BigValue => new Big(v);

/** The result of a call: its value, or the error it threw (by class), for "same errors". */
function outcome(f: () => string | number | boolean): string {
  try {
    return `= ${String(f())}`;
  } catch (error) {
    return `threw ${error instanceof Error ? 'an error' : typeof error}`;
  }
}

describe('core/decimal against big.js (differential)', () => {
  it('reads and writes every text as big.js does', () => {
    fc.assert(
      fc.property(value, (v) => {
        const parsed = parseDecimal(v);
        expect(parsed._tag === 'Right' && text(parsed.right)).toBe(big(v).toFixed());
        const read = readDecimal(v, createScan());
        expect(isDecimal(read) && text(read)).toBe(big(v).toFixed());
        // String(), template literals and JSON write big.js's toString / toJSON.
        expect(String(d(v))).toBe(big(v).toString());
        expect(JSON.stringify({ v: d(v) })).toBe(JSON.stringify({ v: big(v) }));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads JSON numbers as big.js reads their text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const parsed = parseDecimal(n);
        const shortest = String(n);
        const exponent = Math.abs(Number(shortest.split(/e/i)[1] ?? '0'));
        // Exponents beyond ±1000 are refused by the engine's reader, whatever big.js does.
        if (exponent > 1000) expect(parsed._tag).toBe('Left');
        else expect(parsed._tag === 'Right' && text(parsed.right)).toBe(big(shortest).toFixed());
      }),
      { numRuns: 1000 },
    );
  });

  it('formats with fixed places as big.js toFixed does, and throws where it throws', () => {
    fc.assert(
      fc.property(
        value,
        fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constantFrom(1.5, Number.NaN, 2e6)),
        (v, places) => {
          const reference = big(v);
          const decimals = Math.max(0, reference.c.length - reference.e - 1);
          expect(outcome(() => formatDecimalFixed(d(v), places))).toBe(
            outcome(() => reference.toFixed(Math.max(places, decimals))),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('adds, subtracts, multiplies, divides and compares as big.js does', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const [x, y] = [big(a), big(b)];
        expect(text(add(d(a), d(b)))).toBe(x.plus(y).toFixed());
        expect(text(subtract(d(a), d(b)))).toBe(x.minus(y).toFixed());
        expect(text(multiply(d(a), d(b)))).toBe(x.times(y).toFixed());
        const q = divide(d(a), d(b));
        if (y.eq(big('0')))
          expect(q).toMatchObject({ _tag: 'Left', left: { code: 'division_by_zero' } });
        else expect(q._tag === 'Right' && text(q.right)).toBe(x.div(y).toFixed());
        expect(compare(d(a), d(b))).toBe(x.cmp(y));
        expect(equals(d(a), d(b))).toBe(x.eq(y));
        expect(text(min(d(a), d(b)))).toBe((x.lte(y) ? x : y).toFixed());
        expect(text(max(d(a), d(b)))).toBe((x.gte(y) ? x : y).toFixed());
        expect(text(sum([d(a), d(b), d(a)]))).toBe(x.plus(y).plus(x).toFixed());
      }),
      { numRuns: 2000 },
    );
  });

  it('divides values near a tie at the 40th place as big.js does', () => {
    // a ÷ 2 and a ÷ 8 with a of 40+ places: halves and eighths of the last place.
    fc.assert(
      fc.property(
        digitRun(38, 45),
        fc.boolean(),
        fc.constantFrom('2', '-2', '8', '0.8', '3', '-7e-3'),
        (digits, negative, divisor) => {
          const a = `${negative ? '-' : ''}0.${digits}1`;
          const q = divide(d(a), d(divisor));
          expect(q._tag === 'Right' && text(q.right)).toBe(big(a).div(big(divisor)).toFixed());
        },
      ),
    );
  });

  it('divides exact quotients of safe integers as big.js does, beyond 40 places too', () => {
    // a = q × b: the coefficients divide exactly (a unit price's amount over its units); with
    // a's scale more than 40 above b's, the quotient is rounded at the 40th place.
    const coefficient = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.constantFrom(1, -1, 3, 7, 2 ** 26, 2 ** 52, -(2 ** 52)),
    );
    fc.assert(
      fc.property(
        coefficient,
        coefficient.filter((n) => n !== 0),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        (q, b, qScale, bScale) => {
          const product = BigInt(q) * BigInt(b);
          if (
            product > BigInt(Number.MAX_SAFE_INTEGER) ||
            -product > BigInt(Number.MAX_SAFE_INTEGER)
          )
            return;
          const a = `${product}e${-(qScale + bScale)}`;
          const divisor = `${b}e${-bScale}`;
          const got = divide(d(a), d(divisor));
          expect(got._tag === 'Right' && text(got.right)).toBe(big(a).div(big(divisor)).toFixed());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('moves the point, negates, takes the absolute value and the sign as big.js does', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: -70, max: 70 }), (v, places) => {
        const x = big(v);
        expect(text(movePoint(d(v), places))).toBe(x.times(big(`1e${places}`)).toFixed());
        expect(text(negate(d(v)))).toBe(x.neg().toFixed());
        expect(text(abs(d(v)))).toBe(x.abs().toFixed());
        expect(sign(d(v))).toBe(x.cmp(big('0')));
      }),
      { numRuns: 1000 },
    );
  });

  it('rounds in every mode and to every scale as big.js does', () => {
    const modes: readonly [string, Rounding, (x: BigValue, s: number) => BigValue][] = [
      ['halfAwayFromZero', halfAwayFromZero, (x, s) => x.round(s, Big.roundHalfUp)],
      ['halfEven', halfEven, (x, s) => x.round(s, Big.roundHalfEven)],
      ['up', up, (x, s) => x.round(s, Big.roundUp)],
      ['down', down, (x, s) => x.round(s, Big.roundDown)],
      ['ceil', ceil, (x, s) => x.round(s, x.s < 0 ? Big.roundDown : Big.roundUp)],
      ['floor', floor, (x, s) => x.round(s, x.s < 0 ? Big.roundUp : Big.roundDown)],
    ];
    fc.assert(
      fc.property(value, scale, (v, s) => {
        for (const [name, mode, reference] of modes) {
          expect([name, text(mode(d(v), s))]).toEqual([name, reference(big(v), s).toFixed()]);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('builds decimals from integers and counts as big.js does, with the same errors', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }),
          fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
          fc.constantFrom(2 ** 53, -(2 ** 53), 1.5, Number.NaN),
        ),
        (n) => {
          const built = decimalFromInteger(n);
          if (typeof n === 'number' && !Number.isSafeInteger(n))
            expect(built).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
          else
            expect(built._tag === 'Right' && text(built.right)).toBe(big(n.toString()).toFixed());
        },
      ),
    );
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.constantFrom(0.5, 1e21, 2 ** 60, Number.NaN)), (count) => {
        expect(outcome(() => text(decimalFromCount(count)))).toBe(
          outcome(() => big(String(count)).toFixed()),
        );
      }),
    );
  });

  it('converts to and from minor units as big.js does', () => {
    fc.assert(
      fc.property(
        value,
        fc.constantFrom('EUR', 'JPY', 'KWD', 'CLF', 'eur'),
        fc.constantFrom(halfAwayFromZero, halfEven, floor),
        (v, currency, rounding) => {
          const exponent = new Map([
            ['EUR', 2],
            ['JPY', 0],
            ['KWD', 3],
            ['CLF', 4],
          ]).get(currency);
          const cents = toCents(d(v), currency, rounding);
          if (exponent === undefined) {
            expect(cents).toMatchObject({ _tag: 'Left', left: { code: 'unknown_currency' } });
            return;
          }
          const scaled = rounding(d(v), exponent as Scale);
          const reference = big(text(scaled)).times(big(`1e${exponent}`));
          const n = Number(reference.toFixed());
          if (Number.isSafeInteger(n)) expect(cents).toEqual({ _tag: 'Right', right: n });
          else expect(cents).toMatchObject({ _tag: 'Left', left: { code: 'out_of_range' } });
          const back = fromCents(Number.isSafeInteger(n) ? n : 1, currency);
          expect(back._tag === 'Right' && text(back.right)).toBe(
            big(Number.isSafeInteger(n) ? String(n) : '1')
              .times(big(`1e-${exponent}`))
              .toFixed(),
          );
        },
      ),
      { numRuns: 1000 },
    );
    expect(wholeMinorUnits(d('-12345678901234567'), 'EUR')).toMatchObject({
      _tag: 'Left',
      left: { code: 'out_of_range' },
    });
  });

  it('sums strings, numbers and decimals as big.js does', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            value.map((v) => ({ kind: 'text' as const, v })),
            value.map((v) => ({ kind: 'decimal' as const, v })),
            fc.integer().map((n) => ({ kind: 'number' as const, v: String(n) })),
            fc
              .record({ units: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), s: fc.nat(15) })
              .map(({ units, s }) => ({ kind: 'scaled' as const, v: `${units}e-${s}` })),
          ),
          { maxLength: 30 },
        ),
        fc.nat(30),
        (items, cut) => {
          const first = createDecimalSum();
          const second = createDecimalSum();
          let reference = big('0');
          items.forEach((item, i) => {
            const into = i < cut ? first : second;
            reference = reference.plus(big(item.v));
            if (item.kind === 'text') into.add(item.v);
            else if (item.kind === 'decimal') into.add(d(item.v));
            else if (item.kind === 'number') into.add(Number(item.v));
            else {
              const [units, s] = item.v.split('e-');
              into.addScaled(Number(units), Number(s));
            }
          });
          first.merge(second);
          expect(text(first.result())).toBe(reference.toFixed());
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads scaled integers where big.js digits allowed them, and writes them back', () => {
    /** The former rule, on big.js's digits: at most 15, a scale of 0 to 15, a safe integer. */
    const formerScaled = (x: BigValue): { units: number; scale: number } | undefined => {
      if (x.c.length > 15) return undefined;
      let units = Number(x.c.join(''));
      let s = x.c.length - 1 - x.e;
      if (s < 0) {
        if (-s > 15 || units * 10 ** -s > Number.MAX_SAFE_INTEGER) return undefined;
        units *= 10 ** -s;
        s = 0;
      }
      if (s > 15) return undefined;
      return { units: x.s < 0 && units !== 0 ? -units : units, scale: s };
    };
    fc.assert(
      fc.property(value, (v) => {
        const scaled = scaledOf(d(v));
        expect(scaled).toEqual(formerScaled(big(v)));
        if (scaled !== undefined) {
          expect(text(scaledDecimal(scaled.units, scaled.scale))).toBe(big(v).toFixed());
          expect(scaledText(scaled.units, scaled.scale)).toBe(big(v).toFixed());
        }
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), value, (texts, lead) => {
        const batch = scaledBatch(texts, d(lead));
        if (batch === undefined) return;
        [lead, ...texts].forEach((t, i) => {
          expect(scaledText(batch.units[i] ?? Number.NaN, batch.scale)).toBe(big(t).toFixed());
        });
      }),
    );
  });

  it('keeps one form per value: equal values are equal objects', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const x = add(d(a), d(b));
        const y = d(big(a).plus(big(b)).toFixed());
        expect(x).toEqual(y);
        expect(negate(negate(x))).toEqual(x);
      }),
    );
    expect(d('-0')).toEqual(d('0'));
    expect(d('1.50')).toEqual(d('1.5'));
    expect(d('15e2')).toEqual(d('1500'));
  });

  it('keeps decimals out of binary arithmetic, as big.js strict mode did', () => {
    const decimal: Decimal = d('1.5');
    expect(() => Number(decimal)).toThrow();
    expect(() => new Big('1.5').valueOf()).toThrow();
  });
});
