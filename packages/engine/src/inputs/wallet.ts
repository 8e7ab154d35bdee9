import { type Customer, decode, Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  type OtherWireKeys,
  PROVIDER_PAYMENT_METHOD,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import { walletCredit, walletCreditFromCents } from '../invoice/index';
import { completeInput } from './complete';
import { invalidInput } from './invalid-input';

/**
 * A wallet (prepaid credits) as an input (a decoded wire `Wallet` is one). What decides a
 * figure: `currency`, the balance (`credits_balance` or `balance_cents`: either gives the
 * other at `rate_amount`, default 1), `rate_amount`, `status`, `priority`, `created_at` (order)
 * and `applies_to`; the rest defaults as docs/inputs.md says.
 */
export interface WalletInput extends OtherWireKeys<Wallet, 'currency'> {
  readonly currency: string;
}

/** The balance of a wallet input in both units: the one given, and the other derived from it. */
function balanceOf(
  given: Readonly<Record<string, unknown>>,
  path: readonly string[],
): Either<FeecastError, { readonly credits: unknown; readonly cents: unknown }> {
  const rate = given.rate_amount ?? '1';
  const currency = textOf(given.currency) ?? '';
  if (given.credits_balance !== undefined && given.balance_cents !== undefined) {
    return right({ credits: given.credits_balance, cents: given.balance_cents });
  }
  if (given.credits_balance !== undefined) {
    const value = walletCredit({
      credits: given.credits_balance as string,
      rate_amount: rate as string,
      currency,
      invoiceable: false,
    });
    if (isLeft(value)) return invalidInput([...path, 'credits_balance'], value.left.message);
    return right({ credits: given.credits_balance, cents: value.right.amount_cents });
  }
  if (given.balance_cents !== undefined) {
    const value = walletCreditFromCents({
      amount_cents: given.balance_cents as number,
      rate_amount: rate as string,
      currency,
    });
    if (isLeft(value)) return invalidInput([...path, 'balance_cents'], value.left.message);
    return right({ credits: value.right.credits, cents: given.balance_cents });
  }
  return invalidInput(
    path,
    `${path.join('.')} needs its balance: credits_balance (credits, a decimal string) or balance_cents (minor units); the other is derived at rate_amount.`,
  );
}

/**
 * Reads a wallet input into the wire `Wallet`, with the defaults of docs/inputs.md
 * ("Wallet"): `svc_id` derived from the customer and the wallet's code (or position), the
 * customer's ids, active, priority 50, rate 1, the balance in credits and minor units from
 * whichever is given, nothing consumed, no ongoing usage, no top-up bounds, applies to every
 * fee.
 *
 * @example
 * readWallet({ currency: 'EUR', credits_balance: '25' }, ['wallets', '0'], 0, customer)
 * // right({ svc_id: '...', balance_cents: 2500, credits_balance: '25', rate_amount: '1', priority: 50, ... })
 * @internal
 */
export function readWallet(
  value: unknown,
  path: readonly string[],
  index: number,
  customer: Pick<Customer, 'svc_id' | 'external_id'>,
): Either<FeecastError, Wallet> {
  return completeInput(
    (whole) => decode(Wallet, whole),
    value,
    path,
    'a wallet { currency, credits_balance, ... }',
    (given) => {
      const balance = balanceOf(given, path);
      if (isLeft(balance)) return balance;
      const { credits, cents } = balance.right;
      return right({
        defaults: {
          svc_id: defaultId(
            given,
            'wallet',
            customer.external_id,
            textOf(given.code) ?? textOf(given.name) ?? String(index),
          ),
          svc_customer_id: customer.svc_id,
          external_customer_id: customer.external_id,
          status: 'active',
          name: null,
          code: null,
          priority: 50,
          rate_amount: '1',
          credits_balance: credits,
          balance_cents: cents,
          consumed_credits: '0',
          ongoing_balance_cents: cents,
          ongoing_usage_balance_cents: 0,
          credits_ongoing_balance: credits,
          credits_ongoing_usage_balance: '0',
          paid_top_up_min_amount_cents: null,
          paid_top_up_max_amount_cents: null,
          invoice_requires_successful_payment: false,
          created_at: UNKNOWN_CREATION,
          expiration_at: null,
          last_balance_sync_at: null,
          last_consumed_credit_at: null,
          terminated_at: null,
          applies_to: { fee_types: [], billable_metric_codes: [] },
          recurring_transaction_rules: [],
          applied_invoice_custom_sections: [],
          payment_method: PROVIDER_PAYMENT_METHOD,
        },
      });
    },
  );
}
