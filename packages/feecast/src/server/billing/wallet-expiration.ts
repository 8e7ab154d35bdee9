/**
 * A wallet that expires (issue 24): when the clock reaches its `expiration_at`, an active
 * wallet is terminated as the reference terminates an expired wallet: `status: "terminated"`,
 * `terminated_at` the instant it expired, its recurring rules terminated with it, logged
 * `wallet.terminated` (source `system`, hence the webhook). Its remaining credits stay its
 * `balance_cents` and `credits_balance`, as in the reference (no voided transaction): a
 * terminated wallet is applied to no invoice and topped up by no rule, so they are never used
 * (docs/semantics.md).
 */
import type { Timestamp, Wallet } from '@feecast/models';
import { StateDraft } from '../state/draft';
import { replaceItem } from '../state/replace-item';
import type { ServerState } from '../state/state';

/**
 * `state` with `wallet` terminated at `now` (the same state when it is not active any more).
 *
 * @example
 * expireWallet(state, wallet, '2025-04-01T00:00:00.000Z').wallets[0];
 * // { ...wallet, status: 'terminated', terminated_at: '2025-04-01T00:00:00.000Z', ... }
 */
export function expireWallet(state: ServerState, wallet: Wallet, now: Timestamp): ServerState {
  if (wallet.status !== 'active') return state;
  const terminated: Wallet = {
    ...wallet,
    status: 'terminated',
    terminated_at: now,
    recurring_transaction_rules: wallet.recurring_transaction_rules.map((rule) => ({
      ...rule,
      status: 'terminated',
    })),
  };
  const draft = new StateDraft(state, now, 'system');
  draft.log({
    type: 'wallet.terminated',
    resourceType: 'Wallet',
    resourceId: wallet.svc_id,
    before: wallet,
    after: terminated,
    externalCustomerId: wallet.external_customer_id,
  });
  return draft.commit({ wallets: replaceItem(state.wallets, wallet, terminated) });
}
