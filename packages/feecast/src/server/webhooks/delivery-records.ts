/**
 * The delivery log as the state keeps it: two collections that only grow, so each change is
 * an append in the journal. `webhook_deliveries` holds one record per webhook to send (an
 * activity of a webhook type, for one endpoint), written in the same change as the activity;
 * `webhook_attempts` holds one record per attempt's outcome, written once the receiver has
 * answered (or not). A delivery's status is read from its attempts (delivery-log.ts).
 */
import type { Timestamp, Uuid } from '@feecast/models';
import { isRecord } from '../../guards';

/** One webhook to send: an activity for one endpoint. */
export interface WebhookDelivery {
  /** The delivery's id, sent as its unique key (`X-Svc-Unique-Key`) on every attempt. */
  readonly svc_id: Uuid;
  readonly svc_webhook_endpoint_id: Uuid;
  /** The activity log whose object the webhook carries. */
  readonly activity_id: Uuid;
  readonly webhook_type: string;
  /**
   * The deliveries of one endpoint with the same key are sent one after the other, in the
   * order they were queued: the activity's `external_customer_id` (so in order per customer,
   * hence per subscription), `""` for the activities of no customer.
   */
  readonly ordering_key: string;
  /** When it was queued: the activity's `logged_at`. */
  readonly created_at: Timestamp;
}

/** What one attempt came to. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** The outcome of one attempt of a delivery. */
export interface WebhookAttempt {
  readonly svc_webhook_delivery_id: Uuid;
  /** 1 for the first attempt, then 2, 3... */
  readonly attempt: number;
  /** When it was sent, by the system clock (retries wait real time, whatever `--now` says). */
  readonly attempted_at: string;
  /** The receiver's HTTP status; `null` when there was no answer (refused, timed out). */
  readonly status_code: number | null;
  /** Why it failed without an answer (`connection refused`, `timed out after 10000 ms`). */
  readonly error: string | null;
  /** `delivered` (a 2xx), `retrying` (another attempt at `next_retry_at`) or `failed` (the last). */
  readonly outcome: AttemptOutcome;
  readonly next_retry_at: string | null;
}

/** Why an item of a collection is refused: where inside it, and what is wrong. */
export interface RecordProblem {
  readonly path: readonly string[];
  readonly message: string;
}

function fieldProblem(
  item: unknown,
  fields: Readonly<Record<string, (value: unknown) => boolean>>,
  shape: string,
): RecordProblem | undefined {
  if (!isRecord(item)) return { path: [], message: `expected an object ${shape}` };
  for (const [name, check] of Object.entries(fields)) {
    if (!check(item[name])) return { path: [name], message: `${name} is missing or invalid` };
  }
  return undefined;
}

const isString = (value: unknown): boolean => typeof value === 'string';
const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';

/**
 * Why `item` is not a {@link WebhookDelivery}, or `undefined` when it is one.
 *
 * @example
 * readWebhookDelivery({ svc_id: 'x' }); // { path: ['svc_webhook_endpoint_id'], message: 'svc_webhook_endpoint_id is missing or invalid' }
 */
export function readWebhookDelivery(item: unknown): RecordProblem | undefined {
  return fieldProblem(
    item,
    {
      svc_id: isString,
      svc_webhook_endpoint_id: isString,
      activity_id: isString,
      webhook_type: isString,
      ordering_key: isString,
      created_at: isString,
    },
    '{"svc_id", "svc_webhook_endpoint_id", "activity_id", "webhook_type", "ordering_key", "created_at"}',
  );
}

/**
 * Why `item` is not a {@link WebhookAttempt}, or `undefined` when it is one.
 *
 * @example
 * readWebhookAttempt({ svc_webhook_delivery_id: 'x', attempt: 0 }); // { path: ['attempt'], ... }
 */
export function readWebhookAttempt(item: unknown): RecordProblem | undefined {
  return fieldProblem(
    item,
    {
      svc_webhook_delivery_id: isString,
      attempt: (value) => Number.isSafeInteger(value) && (value as number) >= 1,
      attempted_at: isString,
      status_code: (value) => value === null || Number.isSafeInteger(value),
      error: isStringOrNull,
      outcome: (value) => value === 'delivered' || value === 'retrying' || value === 'failed',
      next_retry_at: isStringOrNull,
    },
    '{"svc_webhook_delivery_id", "attempt", "attempted_at", "status_code", "error", "outcome", "next_retry_at"}',
  );
}
