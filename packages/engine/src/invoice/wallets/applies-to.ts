import type { Wallet } from '@feecast/models';

/** What a fee is, for a wallet's `applies_to`: its type and, for a charge, its metric. */
export interface WalletFeeKey {
  /** The fee's `item.type` (`subscription`, `charge`, `commitment`, `fixed_charge`...). */
  readonly fee_type: string;
  /** The billable metric code of a charge fee; `null` for other fees. */
  readonly billable_metric_code: string | null;
}

/**
 * Whether a wallet's credits may pay for a fee (invoicing.md §6.5, open question 8): the
 * wallet applies when its `billable_metric_codes` contain the charge's metric, OR its
 * `fee_types` contain the fee's type, OR it restricts neither. The two lists are a union:
 * `fee_types: ['charge']` with metric codes admits every charge; metric codes narrow only
 * when `fee_types` is empty.
 *
 * @example
 * walletAppliesTo({ applies_to: { fee_types: [], billable_metric_codes: ['storage'] } },
 *   { fee_type: 'charge', billable_metric_code: 'cpu' }) // false
 * walletAppliesTo({ applies_to: { fee_types: ['charge'], billable_metric_codes: ['storage'] } },
 *   { fee_type: 'charge', billable_metric_code: 'cpu' }) // true (union)
 */
export function walletAppliesTo(wallet: Pick<Wallet, 'applies_to'>, key: WalletFeeKey): boolean {
  const types: readonly string[] = wallet.applies_to.fee_types;
  const metrics: readonly string[] = wallet.applies_to.billable_metric_codes;
  if (types.length === 0 && metrics.length === 0) return true;
  if (types.includes(key.fee_type)) return true;
  return (
    key.fee_type === 'charge' &&
    key.billable_metric_code !== null &&
    metrics.includes(key.billable_metric_code)
  );
}
