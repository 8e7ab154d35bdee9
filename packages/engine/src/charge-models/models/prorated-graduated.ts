import {
  abs,
  add,
  compare,
  type Decimal,
  equals,
  max,
  min,
  multiply,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import { divideOrZero } from '../internal/arithmetic';
import type { Bounds } from '../internal/ranges';
import type { UnitPrices } from '../internal/unit-prices';
import type { Priced } from '../model';

type Range = Bounds & UnitPrices;

/**
 * The part of the move between full totals `a` and `b` that lies in a range: ranges hold the
 * full totals in `(start, to]`, the first one also everything below, the last everything above.
 */
function overlap(range: Range, isFirst: boolean, a: Decimal, b: Decimal): Decimal {
  const low = min(a, b);
  const high = max(a, b);
  const bottom = isFirst ? low : max(low, range.start);
  const top = range.to === null ? high : min(high, range.to);
  return compare(top, bottom) > 0 ? subtract(top, bottom) : ZERO;
}

/** The flat amounts of every range up to the one holding the full total `highest`. */
function flatAmounts(ranges: readonly Range[], highest: Decimal): Decimal {
  let total = ZERO;
  for (const range of ranges) {
    total = add(total, range.flat);
    if (range.to === null || compare(highest, range.to) <= 0) break;
  }
  return total;
}

/** An event the reference leaves out of the tier walk (§16). */
function skipped(full: Decimal, prorated: Decimal, position: Decimal): boolean {
  if (sign(prorated) !== 0) return false;
  return sign(full) > 0 || (sign(full) < 0 && sign(add(position, full)) < 0);
}

/**
 * Prorated graduated (charge-models.md §16): the running FULL total decides which range each
 * event's units fall in, while the money uses its PRORATED value; an event that crosses a range
 * boundary puts the share beyond it (in proportion prorated ÷ full) in the next range. Negative
 * money counts as 0; flat amounts are paid up to the range holding the highest full total of the
 * period; a negative final full total costs 0; zero units pay the first flat amount. Unit amount:
 * the amount ÷ the sum of the full values. No details.
 *
 * @example
 * // ranges 0..5 (10, flat 100), 6..null (5, flat 50); full [5, 5, 10, -6],
 * // prorated [3.5, 2.66667, 2, -2.2] -> 35 + 13.33335 + 10 - 11 + 150 = 197.33335
 */
export function proratedGraduated(
  ranges: readonly Range[],
  units: Decimal,
  full: readonly Decimal[],
  prorated: readonly Decimal[],
): Priced {
  const per = sum(full);
  const first = ranges[0];
  if (sign(units) === 0 || first === undefined) {
    return { amount: first?.flat ?? ZERO, amount_details: {}, per };
  }
  const held = ranges.map(() => ZERO);
  let position = ZERO;
  let highest = ZERO;
  full.forEach((value, index) => {
    const share = prorated[index] ?? ZERO;
    if (skipped(value, share, position)) return;
    const next = add(position, value);
    const size = abs(value);
    ranges.forEach((range, r) => {
      const part = sign(size) === 0 ? ZERO : overlap(range, r === 0, position, next);
      if (sign(part) === 0) return;
      const money = equals(part, size) ? share : divideOrZero(multiply(share, part), size);
      held[r] = add(held[r] ?? ZERO, money);
    });
    // An event of no full units keeps its prorated value in the range holding the total.
    if (sign(size) === 0) {
      const at = ranges.findIndex((range) => range.to === null || compare(position, range.to) <= 0);
      held[at] = add(held[at] ?? ZERO, share);
    }
    position = next;
    highest = max(highest, position);
  });
  if (sign(position) < 0) return { amount: ZERO, amount_details: {}, per };
  const money = sum(ranges.map((range, r) => multiply(held[r] ?? ZERO, range.perUnit)));
  return {
    amount: add(max(money, ZERO), flatAmounts(ranges, highest)),
    amount_details: {},
    per,
  };
}
