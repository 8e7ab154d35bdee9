import { type CalendarDate, isoWeekday, MONDAY } from '../core/index';
import { type Cadence, monthsCadence, weeksCadence } from './cadence';

/** The plan intervals of the specification. */
export const PLAN_INTERVALS = ['weekly', 'monthly', 'quarterly', 'semiannual', 'yearly'] as const;

/** A plan `interval`. */
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** The subscription `billing_time` values. */
export const BILLING_TIMES = ['calendar', 'anniversary'] as const;

/** A subscription `billing_time`. */
export type BillingTime = (typeof BILLING_TIMES)[number];

/**
 * Where a subscription's periods are anchored: calendar periods, or anniversaries of the
 * subscription date (`subscription_at` as a local date in the customer's time zone).
 */
export type BillingAnchor =
  | { readonly billingTime: 'calendar' }
  | { readonly billingTime: 'anniversary'; readonly date: CalendarDate };

/** What differs between plan intervals; shared code reads this table instead of switching. */
export interface IntervalRule {
  /** The cadence of the plan's periods for a subscription anchored at `anchor`. */
  cadence(anchor: BillingAnchor): Cadence;
  /** Periods per year: the factor of the plan's yearly amount (upgrade vs downgrade). */
  readonly perYear: number;
  /** Whether `bill_charges_monthly` / `bill_fixed_charges_monthly` apply (yearly, semiannual). */
  readonly splitsChargesMonthly: boolean;
}

function monthsRule(months: number, perYear: number, splitsChargesMonthly: boolean): IntervalRule {
  return {
    perYear,
    splitsChargesMonthly,
    cadence: (anchor) =>
      anchor.billingTime === 'calendar'
        ? monthsCadence({ months, anchorMonth: 1, anchorDay: 1, endOfMonthFix: false })
        : monthsCadence({
            months,
            anchorMonth: anchor.date.month,
            anchorDay: anchor.date.day,
            endOfMonthFix: true,
          }),
  };
}

/**
 * The rules of each plan interval (periods.md §2):
 * - weekly: calendar weeks run Monday → Sunday; anniversary weeks start on the weekday of the
 *   subscription date;
 * - monthly, quarterly, semiannual, yearly: calendar months, quarters (Jan/Apr/Jul/Oct),
 *   halves (Jan/Jul) and years; anniversary periods start on the subscription day (capped at
 *   the month's length) every 1, 3, 6 or 12 months from the subscription month.
 */
export const INTERVAL_RULES: { readonly [K in PlanInterval]: IntervalRule } = {
  weekly: {
    perYear: 52,
    splitsChargesMonthly: false,
    cadence: (anchor) =>
      weeksCadence(anchor.billingTime === 'calendar' ? MONDAY : isoWeekday(anchor.date)),
  },
  monthly: monthsRule(1, 12, false),
  quarterly: monthsRule(3, 4, false),
  semiannual: monthsRule(6, 2, true),
  yearly: monthsRule(12, 1, true),
};

/**
 * `true` for a plan interval of the specification.
 *
 * @example
 * isPlanInterval('quarterly') // true
 * isPlanInterval('daily')     // false
 */
export function isPlanInterval(value: unknown): value is PlanInterval {
  return typeof value === 'string' && (PLAN_INTERVALS as readonly string[]).includes(value);
}

/**
 * `true` for a `billing_time` of the specification.
 *
 * @example
 * isBillingTime('anniversary') // true
 */
export function isBillingTime(value: unknown): value is BillingTime {
  return typeof value === 'string' && (BILLING_TIMES as readonly string[]).includes(value);
}
