import * as t from 'io-ts';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const UsageThresholdCodec = struct(
  'UsageThreshold',
  {
    svc_id: Uuid,
    threshold_display_name: nullable(t.string),
    amount_cents: Cents,
    recurring: t.boolean,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {},
);
/** A usage threshold, see {@link UsageThreshold}. */
export interface UsageThreshold extends t.TypeOf<typeof UsageThresholdCodec> {}
/** A progressive-billing threshold: an invoice is issued once usage reaches `amount_cents`. */
export const UsageThreshold = named<UsageThreshold>(UsageThresholdCodec);
