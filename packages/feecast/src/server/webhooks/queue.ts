/**
 * Queuing: the change that logs an activity of a webhook type also queues its deliveries,
 * one per endpoint that receives it, so the activity and its deliveries reach the journal in
 * one record (a crash cannot keep one without the other).
 */
import type { ActivityLog, Timestamp } from '@feecast/models';
import { appendItems, itemsSince } from '../state/chunked-list';
import { idFor } from '../state/ids';
import type { ServerState } from '../state/state';
import type { WebhookDelivery } from './delivery-records';
import { receivesWebhook } from './reachable';
import { webhookObjectType } from './webhook-types';

/** The activity logs of `next` that `before` does not have (logs are only appended). */
function newActivities(before: ServerState, next: ServerState): readonly ActivityLog[] {
  const was = before.activity_logs;
  const now = next.activity_logs;
  const appended = itemsSince(was, now);
  if (appended !== undefined) return appended;
  const known = new Set(was.map((log) => log.activity_id));
  return now.filter((log) => !known.has(log.activity_id));
}

/**
 * `next` (the state after a change of `before`) with a delivery queued for each new activity
 * of a webhook type and each endpoint that receives it, in the order of the activities; `next`
 * itself when there is none. Delivery ids are new ids of the state.
 *
 * @example
 * const queued = queueWebhooks(before, next);
 * itemsSince(before.webhook_deliveries, queued.webhook_deliveries);
 * // [{ svc_id, svc_webhook_endpoint_id, activity_id, webhook_type: 'wallet_transaction.created', ... }]
 */
export function queueWebhooks(before: ServerState, next: ServerState): ServerState {
  const added: WebhookDelivery[] = [];
  let sequence = next.id_sequence;
  for (const activity of newActivities(before, next)) {
    if (webhookObjectType(activity.activity_type) === undefined) continue;
    for (const endpoint of next.webhook_endpoints) {
      if (!receivesWebhook(endpoint, activity.activity_type)) continue;
      sequence += 1;
      added.push({
        svc_id: idFor(sequence),
        svc_webhook_endpoint_id: endpoint.svc_id,
        activity_id: activity.activity_id,
        webhook_type: activity.activity_type,
        ordering_key: activity.external_customer_id ?? '',
        created_at: activity.logged_at as Timestamp,
      });
    }
  }
  if (added.length === 0) return next;
  const deliveries = appendItems(next.webhook_deliveries, added);
  return { ...next, id_sequence: sequence, webhook_deliveries: deliveries };
}
