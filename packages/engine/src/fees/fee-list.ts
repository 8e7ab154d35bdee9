import type { Fee } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  type Money,
  parseDecimal,
  readCents,
  subtract,
  unitsToCents,
} from '../core/index';
import { feeDecimal } from './fee-decimals';

/**
 * The amounts of a wire fee as exact decimals in minor units (the wire mixes units:
 * `precise_amount` and `taxes_precise_amount` are in currency units, `*_cents` in minor units).
 * @internal
 */
export interface FeeAmounts {
  readonly fee: Fee;
  /** `item.type`: subscription, charge, fixed_charge, add_on, credit, commitment... */
  readonly fee_type: string;
  /** The billable metric code of a charge fee (`item.code`), `null` for other fees. */
  readonly billable_metric_code: string | null;
  /** `amount_cents`. */
  readonly amount: Decimal;
  /** `precise_amount` in minor units. */
  readonly precise_amount: Decimal;
  /** `precise_coupons_amount_cents`: coupon and progressive-billing shares, pre-tax. */
  readonly coupons: Decimal;
  /** `amount - coupons`: the fee's pre-tax base (invoicing.md §0). */
  readonly net: Decimal;
  /** `taxes_amount_cents`. */
  readonly taxes: Decimal;
  /** `taxes_precise_amount` in minor units. */
  readonly precise_taxes: Decimal;
  /** `taxes_rate`, in percent. */
  readonly taxes_rate: Decimal;
}

/**
 * Reads a fee's amounts; a fee in another currency than `money` is a `Left`
 * (`currency_mismatch`).
 *
 * @example
 * readFeeAmounts(fee, money, ['fees', '0']) // right({ amount: 1000, coupons: 100, net: 900, ... })
 * @internal
 */
export function readFeeAmounts(
  fee: Fee,
  money: Money,
  path: readonly string[],
): Either<FeecastError, FeeAmounts> {
  if (fee.amount_currency !== money.currency) {
    return left(
      feecastError(
        'currency_mismatch',
        `${path.join('.')} is in ${fee.amount_currency} but the invoice is in ${money.currency}; every fee of an invoice uses the invoice's currency.`,
        [...path, 'amount_currency'],
        { expected: money.currency, actual: fee.amount_currency },
      ),
    );
  }
  const amount = readCents(fee.amount_cents, [...path, 'amount_cents']);
  if (isLeft(amount)) return amount;
  const precise = feeDecimal(fee, 'precise_amount', [...path, 'precise_amount']);
  if (isLeft(precise)) return precise;
  const coupons = feeDecimal(fee, 'precise_coupons_amount_cents', [
    ...path,
    'precise_coupons_amount_cents',
  ]);
  if (isLeft(coupons)) return coupons;
  const taxes = readCents(fee.taxes_amount_cents, [...path, 'taxes_amount_cents']);
  if (isLeft(taxes)) return taxes;
  const preciseTaxes = parseDecimal(fee.taxes_precise_amount, [...path, 'taxes_precise_amount']);
  if (isLeft(preciseTaxes)) return preciseTaxes;
  const rate = parseDecimal(fee.taxes_rate, [...path, 'taxes_rate']);
  if (isLeft(rate)) return rate;
  return right({
    fee,
    fee_type: fee.item.type,
    billable_metric_code: fee.item.type === 'charge' ? fee.item.code : null,
    amount: amount.right,
    precise_amount: unitsToCents(precise.right, money),
    coupons: coupons.right,
    net: subtract(amount.right, coupons.right),
    taxes: taxes.right,
    precise_taxes: unitsToCents(preciseTaxes.right, money),
    taxes_rate: rate.right,
  });
}

/**
 * Reads every fee of a list (e.g. `invoice.fees`), stopping at the first bad one.
 *
 * @example
 * readFeeList(invoice.fees, money, ['invoice', 'fees']) // right([{ amount, net, ... }, ...])
 * @internal
 */
export function readFeeList(
  fees: readonly Fee[],
  money: Money,
  path: readonly string[],
): Either<FeecastError, readonly FeeAmounts[]> {
  const out: FeeAmounts[] = [];
  for (const [i, fee] of fees.entries()) {
    const read = readFeeAmounts(fee, money, [...path, String(i)]);
    if (isLeft(read)) return read;
    out.push(read.right);
  }
  return right(out);
}
