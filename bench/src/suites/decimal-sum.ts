import { createDecimalSum, formatDecimal } from '@feecast/engine';
import BigJs from 'big.js';
import { decimalStrings } from '../data';
import type { BenchSuite } from '../harness';

/**
 * Issue 2: the exact accumulator against a plain `Number()` loop (inexact, the speed floor)
 * and a naive big.js loop (exact, one big.js value per input), over the same strings.
 */
export function decimalSumSuite(count = 1_000_000): BenchSuite {
  const values = decimalStrings(count);
  const Big = BigJs();
  return {
    name: 'decimal sum',
    items: count,
    itemLabel: 'decimal strings',
    baseline: 'Number() loop',
    cases: [
      {
        name: 'Number() loop',
        run: () => {
          let total = 0;
          for (const v of values) total += Number(v);
          return total;
        },
      },
      {
        name: 'naive big.js loop',
        run: () => {
          let total = new Big('0');
          for (const v of values) total = total.plus(v);
          return total.toFixed();
        },
      },
      {
        name: 'createDecimalSum',
        run: () => {
          const total = createDecimalSum();
          for (const v of values) total.add(v);
          return formatDecimal(total.result());
        },
      },
    ],
    agree: [['naive big.js loop', 'createDecimalSum']],
    targets: [
      { case: 'createDecimalSum', against: 'Number() loop', atMost: 1.5 },
      { case: 'createDecimalSum', against: 'naive big.js loop', atMost: 1 / 3 },
    ],
  };
}
