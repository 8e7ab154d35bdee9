/**
 * What the API's pricing operations take. The customer, subscription, plan (its charges),
 * billable metrics and taxes go through the shared input layer (`../inputs`): only the fields
 * that decide a figure are needed, the others default as docs/inputs.md says. Decoded wire
 * objects of `@feecast/models` (`Customer`, `Subscription`, `Plan`, `BillableMetric`, `Tax`,
 * `UsageEventRecord`, `EstimateFeesEvent`) are valid inputs as they are.
 */
import type { BillableMetricInput, UsageEvent } from '../aggregation/index';
import type { PricingUnitInfo } from '../fees/index';
import type { ChargeInput, CustomerInput, PlanInput, SubscriptionInput } from '../inputs/index';
import type { TaxList } from '../invoice/index';

/**
 * The taxes that apply besides those on the plan and its charges (API.md): the billing
 * entity's default taxes and the customer's own taxes.
 */
export interface OperationTaxes {
  readonly billing_entity?: TaxList;
  /** Default: the customer's `taxes`. */
  readonly customer?: TaxList;
}

/** The customer of an operation: a {@link CustomerInput} (`external_id`, time zone, taxes). */
export type OperationCustomer = CustomerInput;

/** The subscription of an operation: a {@link SubscriptionInput} (`external_id`, dates). */
export type OperationSubscription = SubscriptionInput;

/** A charge of the plan: a {@link ChargeInput}. */
export type OperationCharge = ChargeInput;

/** The subscription's plan, overrides applied: a {@link PlanInput}. */
export type OperationPlan = PlanInput;

/** What every operation reads: one subscription of one customer, its plan, and `now`. */
export interface OperationContext {
  readonly customer: OperationCustomer;
  readonly subscription: OperationSubscription;
  readonly plan: OperationPlan;
  /** The organization's billable metrics (those of the plan's charges at least). */
  readonly billableMetrics: readonly BillableMetricInput[];
  readonly taxes?: OperationTaxes | null;
  /** The instant the operation runs at (ISO 8601): the engine has no clock. */
  readonly now: string;
  /**
   * The organization's pricing units by code, for charges whose `applied_pricing_unit` (on
   * the wire: only `code` and `conversion_rate`) lacks the unit's id and short name.
   */
  readonly pricingUnits?: readonly PricingUnitInfo[] | null;
}

/**
 * The event to estimate (`POST /events/estimate_fees`'s `event`; a wire `EstimateFeesEvent`
 * fits). It is priced at `now`: `timestamp` is only checked, as the reference does.
 */
export interface EstimatedEvent {
  readonly code: string;
  /** When given, it must be the subscription's `external_id`. */
  readonly external_subscription_id?: string | null;
  /** Echoed as the fee's `event_transaction_id`; it never clashes with stored events. */
  readonly transaction_id?: string | null;
  /** ISO 8601 or Unix seconds; checked, not used (the event is priced at `now`). */
  readonly timestamp?: string | number | null;
  readonly properties?: Readonly<Record<string, unknown>> | null;
  /** Dynamic charges: the event's own amount in cents (default 0). */
  readonly precise_total_amount_cents?: string | number | null;
}

/**
 * A usage event as the operations read it: the engine's `UsageEvent`, or a stored wire
 * `UsageEventRecord`, whose `external_subscription_id` may be `null` (an event with no
 * subscription id is taken as the subscription's).
 */
export type OperationEvent = Omit<UsageEvent, 'external_subscription_id'> & {
  readonly external_subscription_id?: string | null;
};

/** The input of `estimateFees`. */
export interface EstimateFeesInput extends OperationContext {
  readonly event: EstimatedEvent;
  /**
   * The events already stored (any iterable, read once); those of other subscriptions, other
   * metrics and after `now` are not read. Default: none.
   */
  readonly events?: Iterable<OperationEvent> | null;
}

/** The input of `currentUsage` and `projectedUsage`. */
export interface UsageInput extends OperationContext {
  /** The subscription's events (any iterable, read once); other subscriptions' are skipped. */
  readonly events: Iterable<OperationEvent>;
  /** `apply_taxes` of the API (default true): with `false`, taxes are 0. */
  readonly applyTaxes?: boolean | null;
  /**
   * Metrics whose events were aggregated elsewhere (a database, a worker), by metric code:
   * the state of the aggregation `usageAggregations` describes for the metric
   * (docs/aggregation-state.md). Their events in `events`, if any, are added to it.
   */
  readonly aggregates?: Readonly<Record<string, unknown>> | null;
}
