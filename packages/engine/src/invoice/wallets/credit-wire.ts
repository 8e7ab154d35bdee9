import type { Cents, DecimalString } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, toWireCents, toWireDecimal } from '../../core/index';

/** An amount of wallet credits and what it is worth (invoicing.md §6.1). */
export interface WalletCreditAmount {
  /** The credits, 5 decimals at most. */
  readonly credits: DecimalString;
  /** Their value in currency units, rounded to the currency's minor unit. */
  readonly amount: DecimalString;
  /** Their value in minor units. */
  readonly amount_cents: Cents;
}

/** Exact credits and their value, before they are written to the wire. @internal */
export interface CreditValue {
  readonly credits: Decimal;
  /** Currency units, rounded to the minor unit. */
  readonly amount: Decimal;
  /** Minor units (a whole number). */
  readonly amount_cents: Decimal;
}

/**
 * Exact credits and their value as the wire carries them.
 *
 * @example
 * toWireCreditAmount({ credits: d('1030'), amount: d('1.03'), amount_cents: d('103') }, ['amount'])
 * // right({ credits: '1030', amount: '1.03', amount_cents: 103 })
 * @internal
 */
export function toWireCreditAmount(
  value: CreditValue,
  path: readonly string[],
): Either<FeecastError, WalletCreditAmount> {
  const cents = toWireCents(value.amount_cents, path);
  if (isLeft(cents)) return cents;
  return right({
    credits: toWireDecimal(value.credits),
    amount: toWireDecimal(value.amount),
    amount_cents: cents.right,
  });
}
