import {
  add,
  compare,
  type Decimal,
  divide,
  formatDecimal,
  halfAwayFromZero,
  multiply,
  parseDecimalUnsafe,
  type Scale,
} from '@feecast/engine';
import BigJs from 'big.js';
import { decimalStrings } from '../data';
import type { BenchSuite } from '../harness';

/**
 * Issue 25 §2: the engine's exact decimal, operation by operation, against big.js (the
 * engine's decimal until then, configured as it was: strict, division to 40 places half up,
 * plain notation) on the same money-like values (up to 6 integer digits, 0 to 4 decimals, one
 * in ten negative). One suite per operation, each case over every pair once; both sides start
 * from values already read, except `parse`.
 */
export function decimalOperationSuites(count = 20_000): BenchSuite[] {
  const Big = BigJs();
  Big.strict = true;
  Big.DP = 40;
  Big.RM = Big.roundHalfUp;
  Big.NE = -1e6;
  Big.PE = 1e6;
  const left = decimalStrings(count, 7);
  // Rates and unit prices: positive, never zero (divisors).
  const right = decimalStrings(count, 8).map((v) => v.replace('-', '').replace(/^0(\.0*)?$/, '1'));
  const a = left.map(parseDecimalUnsafe);
  const b = right.map(parseDecimalUnsafe);
  const x = left.map((v) => new Big(v));
  const y = right.map((v) => new Big(v));
  const products = a.map((v, i) => multiply(v, b[i] as Decimal));
  const bigProducts = x.map((v, i) => v.times(y[i] as BigJs.Big));
  const cents = 2 as Scale;

  /** A suite of two cases, the engine and big.js, whose last results must agree. */
  function suite(
    operation: string,
    engine: (i: number) => Decimal | string | number,
    reference: (i: number) => BigJs.Big | string | number,
  ): BenchSuite {
    const text = (r: Decimal | BigJs.Big | string | number) =>
      typeof r === 'string' || typeof r === 'number'
        ? String(r)
        : r instanceof Big
          ? r.toFixed()
          : formatDecimal(r as Decimal);
    return {
      name: `decimal ${operation}`,
      items: count,
      itemLabel: 'operations',
      baseline: 'big.js',
      cases: [
        {
          name: 'big.js',
          run: () => {
            let last: BigJs.Big | string | number = 0;
            let signs = 0;
            for (let i = 0; i < count; i++) {
              last = reference(i);
              if (typeof last === 'number') signs += last;
            }
            return `${text(last)} ${signs}`;
          },
        },
        {
          name: 'engine',
          run: () => {
            let last: Decimal | string | number = 0;
            let signs = 0;
            for (let i = 0; i < count; i++) {
              last = engine(i);
              if (typeof last === 'number') signs += last;
            }
            return `${text(last)} ${signs}`;
          },
        },
      ],
      agree: [['big.js', 'engine']],
    };
  }

  const at = <T>(values: readonly T[], i: number) => values[i] as T;
  return [
    suite(
      'parse',
      (i) => parseDecimalUnsafe(at(left, i)),
      (i) => new Big(at(left, i)),
    ),
    suite(
      'add',
      (i) => add(at(a, i), at(b, i)),
      (i) => at(x, i).plus(at(y, i)),
    ),
    suite(
      'multiply',
      (i) => multiply(at(a, i), at(b, i)),
      (i) => at(x, i).times(at(y, i)),
    ),
    suite(
      'divide',
      (i) => {
        const q = divide(at(a, i), at(b, i));
        return q._tag === 'Right' ? q.right : q.left.code;
      },
      (i) => at(x, i).div(at(y, i)),
    ),
    suite(
      'round to cents',
      (i) => halfAwayFromZero(at(products, i), cents),
      (i) => at(bigProducts, i).round(2, Big.roundHalfUp),
    ),
    suite(
      'format',
      (i) => formatDecimal(at(products, i)),
      (i) => at(bigProducts, i).toFixed(),
    ),
    suite(
      'compare',
      (i) => compare(at(a, i), at(b, i)),
      (i) => at(x, i).cmp(at(y, i)),
    ),
    // A line of a price: units × unit price, rounded to cents, added to a total.
    (() => {
      let total: Decimal = parseDecimalUnsafe('0');
      let bigTotal = new Big('0');
      return suite(
        'price line',
        (i) => {
          if (i === 0) total = parseDecimalUnsafe('0');
          total = add(total, halfAwayFromZero(multiply(at(a, i), at(b, i)), cents));
          return total;
        },
        (i) => {
          if (i === 0) bigTotal = new Big('0');
          bigTotal = bigTotal.plus(at(x, i).times(at(y, i)).round(2, Big.roundHalfUp));
          return bigTotal;
        },
      );
    })(),
  ];
}
