import * as t from 'io-ts';
import { ActivitySource } from '../enums';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { pair } from '../internal/pair';
import { struct } from '../internal/struct';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const ActivityLogCodec = struct(
  'ActivityLog',
  {
    activity_id: Uuid,
    activity_type: t.string,
    activity_source: ActivitySource,
    activity_object: nullable(t.UnknownRecord),
    activity_object_changes: nullable(dict(pair(t.unknown, t.unknown), 'ActivityObjectChanges')),
    user_email: nullable(t.string),
    external_customer_id: nullable(t.string),
    external_subscription_id: nullable(t.string),
    resource_id: Uuid,
    resource_type: t.string,
    logged_at: Timestamp,
    created_at: Timestamp,
  },
  { organization_id: Uuid },
);
/** An activity log, see {@link ActivityLog}. */
export interface ActivityLog extends t.TypeOf<typeof ActivityLogCodec> {}
/**
 * A record of a change: `activity_type` `<resource>.<action>` (open set, e.g.
 * `invoice.created`), its source, the object as it was logged and its changes (a field name
 * mapped to `[previous value, new value]`). The reference's server does not send
 * `organization_id`, so it is optional.
 */
export const ActivityLog = named<ActivityLog>(ActivityLogCodec);
