import type { Wallet } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, type Instant, parseInstant } from '../../core/index';

/** The fields of a wallet that decide its place in the consumption order. */
export type WalletOrderFields = Pick<Wallet, 'svc_id' | 'priority' | 'created_at'>;

/**
 * Compares two wallets in the reference's consumption order (invoicing.md §6.5): `priority`
 * ascending (1 is consumed first, 50 is the default), then `created_at` ascending. Wallets
 * equal on both are ordered by `svc_id`, so the order never depends on the input array.
 *
 * @example
 * compareWalletOrder({ priority: 1, created: 2, id: 'b' }, { priority: 50, created: 1, id: 'a' }) // -1
 * @internal
 */
export function compareWalletOrder(
  a: { readonly priority: number; readonly created: Instant; readonly id: string },
  b: { readonly priority: number; readonly created: Instant; readonly id: string },
): number {
  if (a.priority !== b.priority) return a.priority < b.priority ? -1 : 1;
  if (a.created !== b.created) return a.created < b.created ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * The wallets in the order the reference consumes them (invoicing.md §6.5): `priority`
 * ascending, then oldest first (`created_at`), then by `svc_id`; a new array, the input is not
 * changed. A `created_at` that is not a timestamp is a `Left`.
 *
 * @example
 * walletApplicationOrder([
 *   { svc_id: 'b…', priority: 50, created_at: '2025-01-01T00:00:00Z' },
 *   { svc_id: 'a…', priority: 10, created_at: '2025-03-01T00:00:00Z' },
 * ]) // right([the priority-10 wallet, the priority-50 wallet])
 */
export function walletApplicationOrder<W extends WalletOrderFields>(
  wallets: readonly W[],
): Either<FeecastError, W[]> {
  const keyed: { wallet: W; priority: number; created: Instant; id: string }[] = [];
  for (const [i, wallet] of wallets.entries()) {
    const created = parseInstant(wallet.created_at, ['wallets', String(i), 'created_at']);
    if (isLeft(created)) return created;
    keyed.push({ wallet, priority: wallet.priority, created: created.right, id: wallet.svc_id });
  }
  keyed.sort(compareWalletOrder);
  return right(keyed.map((k) => k.wallet));
}
