import * as t from 'io-ts';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { usageEventOptional } from '../internal/usage-event-optional';
import { EventTimestamp } from '../primitives/event-timestamp';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const UsageEventCodec = struct(
  'UsageEvent',
  { transaction_id: t.string, code: t.string, timestamp: EventTimestamp },
  usageEventOptional,
);
/** A usage event, see {@link UsageEvent}. */
export interface UsageEvent extends t.TypeOf<typeof UsageEventCodec> {}
/**
 * A usage event: `transaction_id` (unique per subscription), the billable metric `code`,
 * when it happened (`timestamp`: ISO 8601 or unix seconds), the subscription it belongs to,
 * its `properties` (the metric's `field_name` value, filter and group keys) and, for the
 * dynamic charge model, its own `precise_total_amount_cents`.
 */
export const UsageEvent = named<UsageEvent>(UsageEventCodec);

const UsageEventRecordCodec = struct(
  'UsageEventRecord',
  {
    svc_id: Uuid,
    transaction_id: t.string,
    code: t.string,
    timestamp: EventTimestamp,
    created_at: Timestamp,
  },
  {
    ...usageEventOptional,
    svc_customer_id: nullable(Uuid),
    svc_subscription_id: nullable(Uuid),
    external_subscription_id: nullable(t.string),
  },
);
/** A stored usage event, see {@link UsageEventRecord}. */
export interface UsageEventRecord extends t.TypeOf<typeof UsageEventRecordCodec> {}
/** A usage event as stored and returned by `POST /events`, with the service's identifiers. */
export const UsageEventRecord = named<UsageEventRecord>(UsageEventRecordCodec);
