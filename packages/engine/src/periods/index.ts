/**
 * Billing periods: the subscription, charges and fixed-charges periods of a subscription at an
 * instant, in the customer's time zone, with the day counts and elapsed fraction that
 * proration and projections use (reference: periods.md).
 */
export { type BillingPeriod, billingPeriod, type InvoicePeriod } from './billing-period';
// For the floors above (not part of the package surface: see the root index.ts).
export { countDays, type DayCountInput, dayCount } from './day-count';
export type { DayFraction } from './day-fraction';
export type {
  BillingPeriodInput,
  NextPlan,
  PeriodPlan,
  PeriodPurpose,
  PeriodSubscription,
} from './inputs';
export {
  BILLING_TIMES,
  type BillingTime,
  PLAN_INTERVALS,
  type PlanInterval,
} from './interval-rules';
export { type ElapsedFraction, type PeriodRatioInput, periodRatio } from './period-ratio';
export { type PlanChangeKind, type PlanWorth, planChangeKind } from './plan-change';
export {
  type EventProrationInput,
  eventProrationRatio,
  type ProrationInput,
  prorationDays,
  prorationRatio,
} from './proration';
export {
  type BilledRange,
  fullPeriod,
  type SubscriptionRun,
  type SubscriptionRunInput,
  subscriptionRun,
} from './subscription-run';
