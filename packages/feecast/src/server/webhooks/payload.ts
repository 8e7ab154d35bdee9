/**
 * The body of a webhook: the reference's envelope around the activity's object,
 * `{"webhook_type": "invoice.created", "object_type": "invoice", "svc_organization_id": ...,
 * "invoice": {...}}`, its `svc_` keys renamed `lago_` with `--id-prefix lago` (as every answer).
 * The body is a function of the activity, so every attempt of a delivery sends the same bytes.
 */
import { type ActivityLog, toLagoKeys, type Uuid } from '@feecast/models';
import type { IdPrefix } from '../http/answers';
import { webhookObjectType } from './webhook-types';

/**
 * The JSON text of the webhook of `activity` (whose type is a webhook type; any other type
 * gets the object under `object_type` `"object"`), for the organization `organizationId`.
 *
 * @example
 * webhookBody(walletTransactionCreated, organizationId, 'svc');
 * // '{"webhook_type":"wallet_transaction.created","object_type":"wallet_transaction","svc_organization_id":"3513...","wallet_transaction":{...}}'
 */
export function webhookBody(activity: ActivityLog, organizationId: Uuid, prefix: IdPrefix): string {
  const objectType = webhookObjectType(activity.activity_type) ?? 'object';
  const payload: Record<string, unknown> = {
    webhook_type: activity.activity_type,
    object_type: objectType,
    svc_organization_id: organizationId,
  };
  payload[objectType] = activity.activity_object;
  return JSON.stringify(prefix === 'lago' ? toLagoKeys(payload) : payload);
}
