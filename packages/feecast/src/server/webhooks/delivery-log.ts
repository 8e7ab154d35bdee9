/**
 * The delivery log read from the state: each delivery with its attempts, its status and when
 * it is next tried. What `GET /__feecast/webhooks` answers and what the dispatcher sends from.
 */
import type { ServerState } from '../state/state';
import type { WebhookAttempt, WebhookDelivery } from './delivery-records';

/** Where a delivery stands. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One delivery as the log shows it. */
export interface DeliveryEntry extends WebhookDelivery {
  /** `pending` until an attempt is `delivered` or the last one has `failed`. */
  readonly status: DeliveryStatus;
  /** When a pending delivery is tried again; `null` when it is due now (or not pending). */
  readonly next_retry_at: string | null;
  /** Its attempts, oldest first. */
  readonly attempts: readonly WebhookAttempt[];
}

/**
 * Every delivery of `state` in the order it was queued, with its attempts and status.
 *
 * @example
 * deliveryLog(state);
 * // [{ svc_id, webhook_type: 'wallet_transaction.created', status: 'delivered', next_retry_at: null, attempts: [{ attempt: 1, status_code: 200, ... }] }]
 */
export function deliveryLog(state: ServerState): DeliveryEntry[] {
  const attempts = new Map<string, WebhookAttempt[]>();
  for (const attempt of state.webhook_attempts) {
    const list = attempts.get(attempt.svc_webhook_delivery_id);
    if (list === undefined) attempts.set(attempt.svc_webhook_delivery_id, [attempt]);
    else list.push(attempt);
  }
  return state.webhook_deliveries.map((delivery) => {
    const own = attempts.get(delivery.svc_id) ?? [];
    const last = own[own.length - 1];
    const status: DeliveryStatus =
      last === undefined || last.outcome === 'retrying' ? 'pending' : last.outcome;
    return {
      ...delivery,
      status,
      next_retry_at: status === 'pending' ? (last?.next_retry_at ?? null) : null,
      attempts: own,
    };
  });
}
