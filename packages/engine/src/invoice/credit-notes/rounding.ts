import { add, compare, type Decimal, ONE, sign, subtract, ZERO } from '../../core/index';

/** How a credit note's total is split. @internal */
export interface NoteSplit {
  readonly credit: Decimal;
  readonly refund: Decimal;
  readonly offset: Decimal;
}

/** A split with its total. @internal */
export interface FixedSplit extends NoteSplit {
  readonly total: Decimal;
}

/**
 * The reference's rounding fix-up of a credit note it creates (invoicing.md §9.3): when
 * `total − taxes` is not the rounded sub total, the total moves one minor unit toward it, and
 * the move goes to the credit when there is one, else to the refund, else to the offset, so
 * `total = credit + refund + offset` still holds. feecast applies it to estimates too (open
 * question 7): an estimate then reads as the note it estimates will be created.
 *
 * @example
 * fixRounding({ credit: d('6'), refund: d('3'), offset: d('0') }, d('2'), d('8'))
 * // { credit: 7, refund: 3, offset: 0, total: 10 }
 * @internal
 */
export function fixRounding(split: NoteSplit, taxes: Decimal, subTotal: Decimal): FixedSplit {
  const total = add(add(split.credit, split.refund), split.offset);
  const gap = compare(subtract(total, taxes), subTotal);
  if (gap === 0) return { ...split, total };
  const fixed = gap > 0 ? subtract(total, ONE) : add(total, ONE);
  if (sign(split.credit) > 0) {
    return {
      ...split,
      credit: subtract(subtract(fixed, split.refund), split.offset),
      total: fixed,
    };
  }
  if (sign(split.refund) > 0) {
    return { ...split, refund: subtract(fixed, split.offset), total: fixed };
  }
  if (sign(split.offset) > 0) return { ...split, offset: fixed, total: fixed };
  return { credit: ZERO, refund: ZERO, offset: ZERO, total: ZERO };
}
