import type { AppliedTax } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  decimalFromCount,
  type FeecastError,
  feecastError,
  halfAwayFromZero,
  multiply,
  parseDecimal,
  ratioOr,
  type Scale,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import type { FeeAmounts } from '../../fees/index';

/** Invoices from this version on apply coupons before taxes (the reference's `COUPON_BEFORE_VAT_VERSION`). */
export const COUPONS_BEFORE_TAXES_VERSION = 3;

/** A credit-note item with its fee. @internal */
export interface NoteItem {
  readonly fee: FeeAmounts;
  /** Index of the fee in `invoice.fees`. */
  readonly fee_index: number;
  /** Index of the item in the request. */
  readonly index: number;
  /** The amount asked, exact (minor units). */
  readonly precise: Decimal;
}

/** One tax of a credit note: the fee tax it comes from and its exact base and amount. @internal */
export interface NoteTax {
  readonly tax: AppliedTax;
  readonly rate: Decimal;
  /** Σ of the items' pre-tax, post-coupon amounts that carry this tax. */
  readonly base: Decimal;
  /** `base × rate ÷ 100`, exact. */
  readonly amount: Decimal;
}

/** What a set of items is worth (invoicing.md §9.2), exact. @internal */
export interface NoteAmounts {
  /** Σ items. */
  readonly items: Decimal;
  /** Σ fee coupons × item share (0 for invoices before version 3). */
  readonly coupons_adjustment: Decimal;
  readonly taxes: readonly NoteTax[];
  /** Σ tax amounts. */
  readonly precise_taxes: Decimal;
  /** Σ rate × base ÷ (items − coupons), to 5 decimals (0 when that is 0). */
  readonly taxes_rate: Decimal;
}

const HUNDRED = decimalFromCount(100);
const RATE_SCALE = 5 as Scale;

/**
 * An item's share of its fee: `item ÷ fee amount` (0 for a zero fee).
 *
 * @example
 * itemRate({ fee: feeOf10, precise: d('5') }) // 0.5
 * @internal
 */
export function itemRate(item: Pick<NoteItem, 'fee' | 'precise'>): Decimal {
  return ratioOr(item.precise, item.fee.amount, ZERO);
}

/**
 * An item's coupon adjustment: the fee's coupon share × the item's share of the fee.
 *
 * @example
 * itemCoupons({ fee: feeOf10WithCoupons5, precise: d('5') }, 4) // 2.5
 * @internal
 */
export function itemCoupons(item: Pick<NoteItem, 'fee' | 'precise'>, version: number): Decimal {
  if (version < COUPONS_BEFORE_TAXES_VERSION) return ZERO;
  return multiply(item.fee.coupons, itemRate(item));
}

/**
 * The coupon adjustment, taxes and rate of a set of items (invoicing.md §9.2). Each tax of the
 * items' fees (by code and rate) is owed on the Σ of `item − fee coupons × item share` of the
 * items whose fee carries it. A fee with taxes but without `applied_taxes` is a `Left`: the
 * taxes could not be credited back.
 *
 * @example
 * noteAmounts([{ fee: a, precise: d('10') }, { fee: b, precise: d('5') }], 4)
 * // right({ items: 15, coupons_adjustment: 7.5, precise_taxes: 1.5, taxes_rate: 20, ... })
 * @internal
 */
export function noteAmounts(
  items: readonly NoteItem[],
  version: number,
): Either<FeecastError, NoteAmounts> {
  const byKey = new Map<string, { tax: AppliedTax; rate: Decimal; base: Decimal }>();
  for (const item of items) {
    const taxes = item.fee.fee.applied_taxes ?? [];
    const path = ['invoice', 'fees', String(item.fee_index)];
    if (taxes.length === 0 && (sign(item.fee.taxes_rate) !== 0 || sign(item.fee.taxes) !== 0)) {
      return left(
        feecastError(
          'invalid_input',
          `${path.join('.')} is taxed (taxes_rate ${item.fee.fee.taxes_rate}) but has no applied_taxes; pass the invoice's fees with their applied taxes so they can be credited back.`,
          [...path, 'applied_taxes'],
        ),
      );
    }
    const base = subtract(item.precise, itemCoupons(item, version));
    for (const [t, tax] of taxes.entries()) {
      const rate = parseDecimal(tax.tax_rate, [...path, 'applied_taxes', String(t), 'tax_rate']);
      if (isLeft(rate)) return rate;
      const key = `${tax.tax_code}\u0000${tax.tax_rate}`;
      const entry = byKey.get(key);
      if (entry === undefined) byKey.set(key, { tax, rate: rate.right, base });
      else entry.base = add(entry.base, base);
    }
  }
  const total = sum(items.map((i) => i.precise));
  const coupons = sum(items.map((i) => itemCoupons(i, version)));
  const taxes = [...byKey.values()].map(({ tax, rate, base }) => ({
    tax,
    rate,
    base,
    amount: ratioOr(multiply(base, rate), HUNDRED, ZERO),
  }));
  const net = subtract(total, coupons);
  const weighted = sum(taxes.map((t) => multiply(t.rate, t.base)));
  return right({
    items: total,
    coupons_adjustment: coupons,
    taxes,
    precise_taxes: sum(taxes.map((t) => t.amount)),
    taxes_rate: halfAwayFromZero(ratioOr(weighted, net, ZERO), RATE_SCALE),
  });
}
