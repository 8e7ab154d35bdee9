/**
 * What the API's pricing operations read of their inputs. Decoded wire objects of
 * `@feecast/models` (`Customer`, `Subscription`, `Plan`, `BillableMetric`, `Tax`,
 * `UsageEventRecord`, `EstimateFeesEvent`) fit these shapes as they are; hand-written objects
 * need only the fields listed here.
 */
import type { UsageEvent } from '../aggregation/index';
import type {
  ChargeFeesCharge,
  ChargeFeesMetric,
  FeeCustomer,
  FeeSubscription,
  PricingUnitInfo,
} from '../charge-fees/index';
import type { PeriodSubscription } from '../periods/index';
import type { TaxList } from '../taxes/index';

/**
 * The taxes that apply besides those on the plan and its charges (API.md): the billing
 * entity's default taxes and the customer's own taxes.
 */
export interface OperationTaxes {
  readonly billing_entity?: TaxList;
  /** Default: the customer's `taxes`. */
  readonly customer?: TaxList;
}

/** The customer (a wire `Customer` fits): its ids, time zone and taxes. */
export interface OperationCustomer extends FeeCustomer {
  readonly taxes?: TaxList;
}

/** The subscription (a wire `Subscription` fits). */
export interface OperationSubscription extends PeriodSubscription, FeeSubscription {
  readonly svc_id: string;
  readonly external_id: string;
  /** `active`, `pending`, `terminated` or `canceled`; when absent, the dates decide. */
  readonly status?: string | null;
}

/** A charge of the plan (a wire `Charge` fits). */
export interface OperationCharge extends ChargeFeesCharge {
  readonly code?: string | null;
  readonly taxes?: TaxList;
}

/** The subscription's plan, overrides applied (a wire `Plan` fits). */
export interface OperationPlan {
  readonly code: string;
  /** `weekly`, `monthly`, `quarterly`, `semiannual` or `yearly`. */
  readonly interval?: string | null;
  readonly pay_in_advance: boolean;
  readonly bill_charges_monthly?: boolean | null;
  readonly bill_fixed_charges_monthly?: boolean | null;
  /** The currency of every fee and amount (the plan's, not the customer's). */
  readonly amount_currency: string;
  readonly taxes?: TaxList;
  readonly charges: readonly OperationCharge[];
}

/** What every operation reads: one subscription of one customer, its plan, and `now`. */
export interface OperationContext {
  readonly customer: OperationCustomer;
  readonly subscription: OperationSubscription;
  readonly plan: OperationPlan;
  /** The organization's billable metrics (those of the plan's charges at least). */
  readonly billableMetrics: readonly ChargeFeesMetric[];
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
}
