import {
  type Customer,
  checkResource,
  type Plan,
  type PlanOverrides,
  type Subscription,
} from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  type OtherWireKeys,
  type Plain,
  PROVIDER_PAYMENT_METHOD,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import { completeInput } from './complete';

/**
 * A subscription as an input (a decoded wire `Subscription` is one). What decides a figure:
 * `external_id`, `billing_time` (default `calendar`), the dates (`started_at`,
 * `subscription_at`, `terminated_at`, `ending_at`, `trial_ended_at`), `status` and
 * `next_plan_code`; the rest defaults as docs/inputs.md says (the customer's ids, the plan's
 * code and amount).
 */
export interface SubscriptionInput extends OtherWireKeys<Subscription, 'external_id'> {
  /** The subscription's id in your system: events name it in `external_subscription_id`. */
  readonly external_id: string;
  /** Overrides of the plan for this subscription (previews and comparisons). */
  readonly plan_overrides?: Plain<PlanOverrides> | null;
}

/** What a subscription's defaults come from: its customer and its plan, both read. */
export interface SubscriptionSite {
  readonly customer: Pick<Customer, 'svc_id' | 'external_id'>;
  readonly plan: Pick<Plan, 'code' | 'amount_cents' | 'amount_currency'>;
}

function givenDate(value: unknown): unknown {
  return value === undefined ? null : value;
}

/**
 * Reads a subscription input into the wire `Subscription`, with the defaults of
 * docs/inputs.md ("Subscription"): `svc_id` derived from `external_id`, the customer's ids,
 * the plan's code and amount, `calendar` billing, `started_at` and `subscription_at` each
 * the other when only one is given, `status` `active` once started (else `pending`),
 * termination dates null.
 *
 * @example
 * readSubscription({ external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' }, ['subscription'], { customer, plan })
 * // right({ svc_id: '...', svc_customer_id: customer.svc_id, billing_time: 'calendar', status: 'active',
 * //   subscription_at: '2025-01-01T00:00:00Z', plan_code: plan.code, ... })
 * @internal
 */
export function readSubscription(
  value: unknown,
  path: readonly string[],
  site: SubscriptionSite,
): Either<FeecastError, Subscription> {
  return completeInput(
    (whole) => checkResource('Subscription', whole),
    value,
    path,
    'a subscription { external_id, started_at, billing_time?, ... }',
    (given) => {
      const startedAt =
        given.started_at === undefined ? givenDate(given.subscription_at) : given.started_at;
      const subscriptionAt =
        given.subscription_at === undefined ? givenDate(given.started_at) : given.subscription_at;
      return right({
        defaults: {
          svc_id: defaultId(given, 'subscription', textOf(given.external_id)),
          svc_customer_id: site.customer.svc_id,
          external_customer_id: site.customer.external_id,
          name: null,
          plan_code: site.plan.code,
          billing_time: 'calendar',
          status: startedAt === null ? 'pending' : 'active',
          created_at: textOf(startedAt) ?? textOf(subscriptionAt) ?? UNKNOWN_CREATION,
          canceled_at: null,
          started_at: startedAt,
          ending_at: null,
          subscription_at: subscriptionAt,
          terminated_at: null,
          trial_ended_at: null,
          current_billing_period_started_at: null,
          current_billing_period_ending_at: null,
          previous_plan_code: null,
          next_plan_code: null,
          downgrade_plan_date: null,
          on_termination_credit_note: null,
          on_termination_invoice: 'generate',
          plan_amount_cents: site.plan.amount_cents ?? 0,
          plan_amount_currency: site.plan.amount_currency,
          payment_method: PROVIDER_PAYMENT_METHOD,
        },
      });
    },
  );
}
