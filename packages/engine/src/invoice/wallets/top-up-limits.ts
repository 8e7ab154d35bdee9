import type { Wallet } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  type Decimal,
  describeValue,
  down,
  type FeecastError,
  feecastError,
  formatDecimal,
  parseDecimal,
  readCents,
  sign,
} from '../../core/index';
import { toWireCreditAmount } from './credit-wire';
import { CREDITS_SCALE, creditValue, type WalletCreditAmount } from './wallet-credit';
import { readWalletState, type WalletState } from './wallet-state';

/** A wallet's paid top-up bounds in minor units; `null` where the wallet sets none. @internal */
export interface TopUpLimits {
  readonly min: Decimal | null;
  readonly max: Decimal | null;
}

/**
 * Reads and checks a wallet's `paid_top_up_min_amount_cents` / `paid_top_up_max_amount_cents`
 * (invoicing.md §6.3: each > 0 when set, max ≥ min).
 *
 * @example
 * readTopUpLimits({ ...wallet, paid_top_up_min_amount_cents: 500, paid_top_up_max_amount_cents: 100 }, ['wallet'])
 * // left({ code: 'invalid_input', path: ['wallet', 'paid_top_up_max_amount_cents'] })
 * @internal
 */
export function readTopUpLimits(
  wallet: Wallet,
  path: readonly string[],
): Either<FeecastError, TopUpLimits> {
  const bound = (value: number | null, key: string): Either<FeecastError, Decimal | null> => {
    if (value === null) return right(null);
    const read = readCents(value, [...path, key]);
    if (isLeft(read)) return read;
    if (sign(read.right) <= 0) {
      return left(
        feecastError(
          'invalid_input',
          `${[...path, key].join('.')} must be a positive number of minor units (or null for no limit), got ${value}.`,
          [...path, key],
          { value },
        ),
      );
    }
    return right(read.right);
  };
  const min = bound(wallet.paid_top_up_min_amount_cents, 'paid_top_up_min_amount_cents');
  if (isLeft(min)) return min;
  const max = bound(wallet.paid_top_up_max_amount_cents, 'paid_top_up_max_amount_cents');
  if (isLeft(max)) return max;
  if (min.right !== null && max.right !== null && compare(max.right, min.right) < 0) {
    return left(
      feecastError(
        'invalid_input',
        `${path.join('.')}: paid_top_up_max_amount_cents (${wallet.paid_top_up_max_amount_cents}) is below paid_top_up_min_amount_cents (${wallet.paid_top_up_min_amount_cents}); the maximum must be at least the minimum.`,
        [...path, 'paid_top_up_max_amount_cents'],
      ),
    );
  }
  return right({ min: min.right, max: max.right });
}

/**
 * Reads an amount of credits of a transaction request: a decimal string ≥ 0 (> 0 when
 * `positive`, as paid credits must be: invoicing.md §6.3), floored to 5 decimals as the
 * reference does; anything else is a `Left` (`invalid_amount`).
 *
 * @example
 * readCreditsAmount('1.234569', ['paid_credits']) // right(1.23456)
 * readCreditsAmount('-1', ['paid_credits'])       // left({ code: 'invalid_amount', ... })
 * readCreditsAmount('0', ['paid_credits'], true)  // left({ code: 'invalid_amount', ... })
 * @internal
 */
export function readCreditsAmount(
  value: unknown,
  path: readonly string[],
  positive = false,
): Either<FeecastError, Decimal> {
  const read = parseDecimal(value, path);
  if (isLeft(read) || sign(read.right) < (positive ? 1 : 0)) {
    return left(
      feecastError(
        'invalid_amount',
        `${path.join('.')} must be a ${positive ? 'positive' : 'non-negative'} decimal number of credits in a string, such as "10.5"; got ${describeValue(value)}.`,
        path,
        { value },
      ),
    );
  }
  return right(down(read.right, CREDITS_SCALE));
}

/**
 * Checks paid credits (floored to 5 decimals) before they are bought: they must be worth at
 * least one minor unit (§6.1 `rounds_to_zero?`: `amount_rounds_to_zero`, whatever `ignore`
 * says), and, unless `ignore`, their amount in minor units must be within the wallet's bounds
 * `[min, max]`, inclusive (§6.3).
 *
 * @example
 * checkPaidCredits(d('4.99'), state, { min: d('500'), max: null }, false, ['paid_credits'])
 * // left({ code: 'amount_below_minimum', ... })
 * checkPaidCredits(d('0.4'), stateAtRate001, { min: null, max: null }, true, ['paid_credits'])
 * // left({ code: 'amount_rounds_to_zero', ... })
 * @internal
 */
export function checkPaidCredits(
  credits: Decimal,
  state: WalletState,
  limits: TopUpLimits,
  ignore: boolean,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  const cents = creditValue(credits, state.rate, state.money, true).amount_cents;
  if (sign(cents) === 0) return left(roundsToZero(credits, state, path));
  if (ignore) return right(credits);
  if (limits.min !== null && compare(cents, limits.min) < 0) {
    return left(
      feecastError(
        'amount_below_minimum',
        `${path.join('.')} is worth ${formatDecimal(cents)} minor units, below the wallet's paid_top_up_min_amount_cents (${state.wallet.paid_top_up_min_amount_cents}); top up more, or set ignore_paid_top_up_limits.`,
        path,
        { amount_cents: formatDecimal(cents), min: state.wallet.paid_top_up_min_amount_cents },
      ),
    );
  }
  if (limits.max !== null && compare(cents, limits.max) > 0) {
    return left(
      feecastError(
        'amount_above_maximum',
        `${path.join('.')} is worth ${formatDecimal(cents)} minor units, above the wallet's paid_top_up_max_amount_cents (${state.wallet.paid_top_up_max_amount_cents}); top up less, or set ignore_paid_top_up_limits.`,
        path,
        { amount_cents: formatDecimal(cents), max: state.wallet.paid_top_up_max_amount_cents },
      ),
    );
  }
  return right(credits);
}

/**
 * The error of credits worth less than one minor unit at the wallet's rate (§6.1
 * `rounds_to_zero?`): paid credits could not be invoiced, granted ones would add nothing.
 *
 * @example
 * roundsToZero(d('0.4'), stateAtRate001, ['wallet_transaction', 'granted_credits'])
 * // { code: 'amount_rounds_to_zero', message: 'wallet_transaction.granted_credits (0.4 credits) ...' }
 * @internal
 */
export function roundsToZero(
  credits: Decimal,
  state: WalletState,
  path: readonly string[],
): FeecastError {
  return feecastError(
    'amount_rounds_to_zero',
    `${path.join('.')} (${formatDecimal(credits)} credits) is worth less than one minor unit of ${state.wallet.currency} at rate_amount ${formatDecimal(state.rate)}; give more credits.`,
    path,
    { credits: formatDecimal(credits), rate_amount: formatDecimal(state.rate) },
  );
}

/** The input of {@link checkPaidTopUp}. */
export interface PaidTopUpInput {
  readonly wallet: Wallet;
  /** Credits to buy, as a decimal string. */
  readonly paid_credits: string;
  /** Skip the wallet's bounds (the request flag of the same name). Default `false`. */
  readonly ignore_paid_top_up_limits?: boolean;
}

/**
 * Checks a paid top-up against the wallet's bounds (invoicing.md §6.3) and returns what it is
 * worth. The credits must be a positive decimal (`invalid_amount`); floored to 5 decimals,
 * they must be worth at least one minor unit (`amount_rounds_to_zero`), and their value in
 * minor units must be at least `paid_top_up_min_amount_cents`
 * (`amount_below_minimum`) and at most `paid_top_up_max_amount_cents` (`amount_above_maximum`),
 * both inclusive, unless `ignore_paid_top_up_limits`. Granted credits are never limited.
 *
 * @example
 * checkPaidTopUp({ wallet: { ...wallet, rate_amount: '1', paid_top_up_min_amount_cents: 500 },
 *   paid_credits: '4.99' })
 * // left({ code: 'amount_below_minimum', path: ['paid_credits'], ... })
 */
export function checkPaidTopUp(input: PaidTopUpInput): Either<FeecastError, WalletCreditAmount> {
  const state = readWalletState(input.wallet, 0, ['wallet']);
  if (isLeft(state)) return state;
  const limits = readTopUpLimits(input.wallet, ['wallet']);
  if (isLeft(limits)) return limits;
  const credits = readCreditsAmount(input.paid_credits, ['paid_credits'], true);
  if (isLeft(credits)) return credits;
  const checked = checkPaidCredits(
    credits.right,
    state.right,
    limits.right,
    input.ignore_paid_top_up_limits ?? false,
    ['paid_credits'],
  );
  if (isLeft(checked)) return checked;
  return toWireCreditAmount(creditValue(checked.right, state.right.rate, state.right.money, true), [
    'paid_credits',
  ]);
}
