import * as t from 'io-ts';
import { BillingInterval } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { Tax } from './tax';

const MinimumCommitmentCodec = struct(
  'MinimumCommitment',
  {
    svc_id: Uuid,
    plan_code: t.string,
    amount_cents: Cents,
    invoice_display_name: nullable(t.string),
    interval: BillingInterval,
    created_at: Timestamp,
    updated_at: Timestamp,
    taxes: array(Tax),
  },
  {},
);
/** A minimum commitment, see {@link MinimumCommitment}. */
export interface MinimumCommitment extends t.TypeOf<typeof MinimumCommitmentCodec> {}
/** A plan's minimum commitment: the least amount invoiced per `interval` (trued up otherwise). */
export const MinimumCommitment = named<MinimumCommitment>(MinimumCommitmentCodec);
