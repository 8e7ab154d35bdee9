import * as t from 'io-ts';
import { BillingInterval } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Cents } from '../primitives/cents';
import { CurrencyCode } from '../primitives/currency-code';
import { Integer, NonNegativeNumber } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { Charge } from './charge';
import { PlanEntitlement } from './entitlement';
import { FixedCharge } from './fixed-charge';
import { RecordMetadata } from './metadata';
import { MinimumCommitment } from './minimum-commitment';
import { Tax } from './tax';
import { UsageThreshold } from './usage-threshold';

const PlanCodec = struct(
  'Plan',
  {
    svc_id: Uuid,
    name: t.string,
    invoice_display_name: nullable(t.string),
    created_at: Timestamp,
    code: t.string,
    interval: nullable(BillingInterval),
    description: nullable(t.string),
    amount_cents: nullable(Cents),
    amount_currency: CurrencyCode,
    trial_period: nullable(NonNegativeNumber),
    pay_in_advance: t.boolean,
    bill_charges_monthly: nullable(t.boolean),
    bill_fixed_charges_monthly: nullable(t.boolean),
    charges: array(Charge),
    taxes: array(Tax),
    usage_thresholds: array(UsageThreshold),
  },
  {
    minimum_commitment: nullable(MinimumCommitment),
    fixed_charges: array(FixedCharge),
    entitlements: array(PlanEntitlement),
    metadata: nullable(RecordMetadata),
    customers_count: Integer,
    active_subscriptions_count: Integer,
    draft_invoices_count: Integer,
    parent_id: nullable(Uuid),
    pending_deletion: t.boolean,
    applicable_usage_thresholds: array(UsageThreshold),
  },
);
/** A plan, see {@link Plan}. */
export interface Plan extends t.TypeOf<typeof PlanCodec> {}
/**
 * A plan: its subscription fee (`amount_cents` per `interval`), its charges, fixed charges,
 * minimum commitment, taxes, usage thresholds and entitlements.
 *
 * Left out rather than sent as `null` by the reference's server: `minimum_commitment` (no
 * commitment), `metadata` (none), `fixed_charges` (`GET /plans` and plans embedded in a
 * subscription), `entitlements` (embedded plans). `trial_period` is a number of days that
 * the server sends as a float (`5.0`); `interval`, `amount_cents` and `trial_period` are
 * `null` for product-catalog plans.
 */
export const Plan = named<Plan>(PlanCodec);
