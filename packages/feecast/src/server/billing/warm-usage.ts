/**
 * The usage that stored events read again, priced once when a server starts: each stored event
 * of a subscription with usage thresholds, or of a customer with an active wallet, reads the
 * usage of the subscription's charges billed in arrears (arrears-usage.ts), from the period's
 * accumulators. Fed with the stored events here, before the server answers, they make the
 * first event after a start cost what every later one does, rather than a pass over the
 * period's stored events while the request waits.
 */
import type { Timestamp } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { usageContext } from '../routes/usage-context';
import { customerById } from '../state/indexes';
import { planOf } from '../state/lookup';
import type { ServerState } from '../state/state';
import { arrearsAmounts } from './arrears-usage';
import { thresholdsOf } from './usage-thresholds';
import { hasActiveWallet } from './wallet-ongoing';

/**
 * Feeds the accumulators (and prepares the usage meter) of every active subscription of
 * `state` that its events' thresholds or wallets read, at `now`. What the engine refuses is
 * left for the request that reads it to answer.
 *
 * @example
 * warmUsage(state, now); // then the first POST /events reads kept accumulators
 */
export function warmUsage(state: ServerState, now: Timestamp): void {
  for (const subscription of state.subscriptions) {
    if (subscription.status !== 'active') continue;
    const customer = customerById(state.customers, subscription.svc_customer_id);
    if (customer === undefined) continue;
    const context = usageContext(state, customer, subscription, now);
    if (isLeft(context)) continue;
    const thresholds = thresholdsOf(subscription, planOf(state, subscription)).length > 0;
    const wallets = hasActiveWallet(state, customer.svc_id);
    if (!thresholds && !wallets) continue;
    arrearsAmounts(state, subscription, context.right, wallets);
  }
}
