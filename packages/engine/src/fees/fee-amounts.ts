import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  down,
  type FeecastError,
  formatDecimal,
  halfAwayFromZero,
  literalScale,
  type Money,
  moneyOf,
  multiply,
  parseDecimal,
  toCents,
} from '../core/index';
import { keepDecimals } from './fee-decimals';

/** A fee's amount fields (charge-models.md §2). */
export interface FeeAmountFields {
  /** The amount rounded half away from zero to the minor unit, in minor units. */
  readonly amount_cents: number;
  /** The unrounded amount in minor units (kept to 15 decimals, the reference's stored scale). */
  readonly precise_amount_cents: string;
  /** The unit amount in minor units, truncated toward zero (an integer column, §2.4). */
  readonly unit_amount_cents: number;
  /** The unit amount in currency units (15 decimals). */
  readonly precise_unit_amount: string;
  /** `precise_amount_cents` in currency units: the fee's `precise_amount`. */
  readonly precise_amount: string;
}

/** Decimal places the reference keeps of precise amounts (decimal(30|40, 15) columns). */
const PRECISE_SCALE = literalScale(15);

/**
 * `value`, rounded to the 15 decimals of the reference's stored precise amounts.
 *
 * @example
 * formatDecimal(precise(parse('10.74380165289256198347'))) // '10.743801652892562'
 */
export function precise(value: Decimal): Decimal {
  return halfAwayFromZero(value, PRECISE_SCALE);
}

/**
 * The fee fields of an amount and a unit amount in one currency: the shared core of
 * {@link feeAmounts}, pricing units and true-ups. @internal
 *
 * @example
 * amountFields(parse('0.05'), parse('0.0125'), eur, []) // right({ amount_cents: 5, unit_amount_cents: 1, ... })
 */
export function amountFields(
  amount: Decimal,
  unitAmount: Decimal,
  minor: Money,
  path: readonly string[],
): Either<FeecastError, FeeAmountFields> {
  const cents = toCents(amount, minor.currency, halfAwayFromZero, [...path, 'amount']);
  if (isLeft(cents)) return cents;
  const unitCents = toCents(unitAmount, minor.currency, down, [...path, 'unit_amount']);
  if (isLeft(unitCents)) return unitCents;
  const preciseCents = precise(multiply(amount, minor.subunit));
  const preciseAmount = multiply(preciseCents, minor.unit);
  const text = formatDecimal(preciseAmount);
  const centsText = formatDecimal(preciseCents);
  // The decimals of `precise_amount` and `precise_amount_cents` go with the fields, to the fee
  // built from them (`buildFee`) and on to the invoice floor and the charge's true-up, which
  // take them instead of reading the texts.
  const fields = {
    amount_cents: cents.right,
    precise_amount_cents: centsText,
    unit_amount_cents: unitCents.right,
    precise_unit_amount: formatDecimal(precise(unitAmount)),
    precise_amount: text,
  };
  return right(
    keepDecimals(fields, {
      precise_amount: { text, value: preciseAmount },
      precise_amount_cents: { text: centsText, value: preciseCents },
    }),
  );
}

/** A charge model's amount and unit amount, read as decimals (in the fee's currency or unit). */
export interface ModelAmounts {
  readonly amount: Decimal;
  readonly unitAmount: Decimal;
}

/**
 * A model's `amount` and `unit_amount` text read as decimals; a bad one is a `Left` at
 * `amount` or `unit_amount`. @internal
 *
 * @example
 * readModelAmounts({ amount: '0.05', unit_amount: '0.0125' }) // right({ amount: 0.05, unitAmount: 0.0125 })
 */
export function readModelAmounts(model: {
  readonly amount: string;
  readonly unit_amount: string;
}): Either<FeecastError, ModelAmounts> {
  const amount = parseDecimal(model.amount, ['amount']);
  if (isLeft(amount)) return amount;
  const unitAmount = parseDecimal(model.unit_amount, ['unit_amount']);
  if (isLeft(unitAmount)) return unitAmount;
  return right({ amount: amount.right, unitAmount: unitAmount.right });
}

/**
 * {@link feeAmounts} of amounts already read as decimals (no text written and read back).
 * @internal
 *
 * @example
 * modelFeeAmounts({ amount: parse('50.61725'), unitAmount: parse('10.12345') }, 'EUR')
 * // right({ amount_cents: 5062, precise_amount_cents: '5061.725', unit_amount_cents: 1012, ... })
 */
export function modelFeeAmounts(
  amounts: ModelAmounts,
  currency: string,
): Either<FeecastError, FeeAmountFields> {
  const minor = moneyOf(currency);
  if (isLeft(minor)) return minor;
  return amountFields(amounts.amount, amounts.unitAmount, minor.right, []);
}

/**
 * A charge model's amount and unit amount as fee fields (charge-models.md §2): `amount_cents`
 * rounded half away from zero to the currency's minor unit, `precise_amount_cents` unrounded,
 * `unit_amount_cents` truncated toward zero, `precise_unit_amount` in currency units.
 *
 * @example
 * feeAmounts({ amount: '50.61725', unit_amount: '10.12345' }, 'EUR')
 * // right({ amount_cents: 5062, precise_amount_cents: '5061.725', unit_amount_cents: 1012,
 * //         precise_unit_amount: '10.12345', precise_amount: '50.61725' })
 */
export function feeAmounts(
  model: { readonly amount: string; readonly unit_amount: string },
  currency: string,
): Either<FeecastError, FeeAmountFields> {
  const minor = moneyOf(currency);
  if (isLeft(minor)) return minor;
  const amounts = readModelAmounts(model);
  if (isLeft(amounts)) return amounts;
  return amountFields(amounts.right.amount, amounts.right.unitAmount, minor.right, []);
}
