/**
 * A fee's pre-tax base, the one figure coupons, taxes and invoice totals all start from
 * (reference invoicing.md §0): `amount_cents - precise_coupons_amount_cents`, where the
 * coupon share holds both coupon shares and progressive-billing credit shares; and its
 * precise twin `precise_amount_cents - precise_coupons_amount_cents`.
 * @internal
 */
import type { Cents, CurrencyCode, DecimalString } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  decimalText,
  type FeecastError,
  halfAwayFromZero,
  moneyOf,
  readCents,
  roundCents,
  type Scale,
  subtract,
  unitsToCents,
} from '../../core/index';
import { feeDecimal } from '../../fees/index';

/**
 * The decimal places of a fee's coupon share: the reference stores
 * `precise_coupons_amount_cents` as decimal(30,5), rounded half up on save.
 */
export const COUPON_SHARE_SCALE = 5 as Scale;

/** The fields of a fee (the wire `Fee`) that its pre-tax base is read from. */
export interface NetFeeInput {
  readonly amount_cents: number;
  /** The unrounded amount in currency units (decimal string). */
  readonly precise_amount: string;
  readonly amount_currency: CurrencyCode;
  readonly precise_coupons_amount_cents: string;
}

/** A fee's amounts as exact decimals, in minor units of `currency`. */
export interface FeeNet {
  readonly currency: CurrencyCode;
  /** `amount_cents`. */
  readonly amount: Decimal;
  /** `precise_amount` in minor units. */
  readonly preciseAmount: Decimal;
  /** `precise_coupons_amount_cents` at the stored precision (5 decimals). */
  readonly coupons: Decimal;
  /** `amount - coupons`: the fee's `sub_total_excluding_taxes`, the base of coupons and taxes. */
  readonly net: Decimal;
  /** `preciseAmount - coupons`: the base of a fee's precise taxes. */
  readonly preciseNet: Decimal;
}

/**
 * Reads a fee's amounts, coupon share and pre-tax bases; `path` locates the fee in the input.
 *
 * @example
 * readFeeNet(
 *   { amount_cents: 1000, precise_amount: '10.004', amount_currency: 'EUR', precise_coupons_amount_cents: '100.0' },
 *   ['fees', '0'],
 * ) // right({ amount: 1000, preciseAmount: 1000.4, coupons: 100, net: 900, preciseNet: 900.4, currency: 'EUR' })
 */
export function readFeeNet(
  fee: NetFeeInput,
  path: readonly string[],
): Either<FeecastError, FeeNet> {
  const amount = readCents(fee.amount_cents, [...path, 'amount_cents']);
  if (isLeft(amount)) return amount;
  // The decimals the fee was written from when the engine wrote it (`feeDecimal`), else its text.
  const precise = feeDecimal(fee, 'precise_amount', [...path, 'precise_amount']);
  if (isLeft(precise)) return precise;
  const currency = fee.amount_currency;
  const money = moneyOf(currency, [...path, 'amount_currency']);
  if (isLeft(money)) return money;
  const preciseAmount = unitsToCents(precise.right, money.right);
  const share = feeDecimal(fee, 'precise_coupons_amount_cents', [
    ...path,
    'precise_coupons_amount_cents',
  ]);
  if (isLeft(share)) return share;
  return right(
    withCoupons(
      { currency, amount: amount.right, preciseAmount },
      halfAwayFromZero(share.right, COUPON_SHARE_SCALE),
    ),
  );
}

/**
 * The same fee with another coupon share (after a coupon or a progressive credit is spread).
 *
 * @example
 * withCoupons(net, parseDecimalUnsafe('333.33333')).net // amount - 333.33333
 */
export function withCoupons(
  fee: Pick<FeeNet, 'currency' | 'amount' | 'preciseAmount'>,
  coupons: Decimal,
): FeeNet {
  return {
    currency: fee.currency,
    amount: fee.amount,
    preciseAmount: fee.preciseAmount,
    coupons,
    net: subtract(fee.amount, coupons),
    preciseNet: subtract(fee.preciseAmount, coupons),
  };
}

/** The fee fields a coupon share changes. */
export interface FeeNetFields {
  readonly precise_coupons_amount_cents: DecimalString;
  readonly sub_total_excluding_taxes_amount_cents: Cents;
  readonly sub_total_excluding_taxes_precise_amount_cents: DecimalString;
}

/**
 * Writes a fee's coupon share and pre-tax sub totals back in wire form:
 * `sub_total_excluding_taxes_amount_cents` is the base rounded half away from zero.
 *
 * @example
 * feeNetFields(withCoupons(net, parseDecimalUnsafe('333.33333')), ['fees', '0'])
 * // right({ precise_coupons_amount_cents: '333.33333', sub_total_excluding_taxes_amount_cents: 667, ... })
 */
export function feeNetFields(
  fee: FeeNet,
  path: readonly string[],
): Either<FeecastError, FeeNetFields> {
  const coupons = decimalText(fee.coupons, [...path, 'precise_coupons_amount_cents']);
  if (isLeft(coupons)) return coupons;
  const subTotal = roundCents(fee.net, fee.currency, [
    ...path,
    'sub_total_excluding_taxes_amount_cents',
  ]);
  if (isLeft(subTotal)) return subTotal;
  const precise = decimalText(fee.preciseNet, [
    ...path,
    'sub_total_excluding_taxes_precise_amount_cents',
  ]);
  if (isLeft(precise)) return precise;
  return right({
    precise_coupons_amount_cents: coupons.right,
    sub_total_excluding_taxes_amount_cents: subTotal.right,
    sub_total_excluding_taxes_precise_amount_cents: precise.right,
  });
}
