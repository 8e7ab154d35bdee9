/**
 * A history file replayed as of `--now` for one subscription: the events pricing reads, and
 * the audit of what became of each event of the file.
 */
import {
  type BillableMetricInput,
  billingPeriod,
  type FeecastError,
  feecastError,
} from '@feecast/engine';
import { eventTimeMs } from '@feecast/engine/internal';
import type { BillableMetric, Customer, Plan, Subscription, UsageEvent } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { auditEvents } from './audit';
import type { EventsAudit } from './events-audit';
import type { EventsFile } from './events-file';
import { inScope, type ReplayScope } from './scope';

/** The events of a pricing command, and their audit. */
export interface Replay {
  /**
   * The events pricing reads: the subscription's, dated up to `now`. Each iteration reads the
   * file anew (constant memory, as many passes as an operation needs); bad records are
   * skipped here and reported by `audit`.
   */
  readonly events: Iterable<UsageEvent>;
  /** The first error of the whole file met by any pass so far (check it after pricing). */
  error(): FeecastError | undefined;
  /** Reads the file once more and accounts for every record, for the charges of `plans`. */
  audit(plans: readonly Plan[]): Either<FeecastError, EventsAudit>;
}

/** What a replay needs: the file, who and when, and the metrics charges are priced on. */
export interface ReplayInput {
  readonly file: EventsFile;
  readonly customer: Customer;
  readonly subscription: Subscription;
  /** The subscription's plan: its charges period at `now` is the period audited. */
  readonly plan: Plan;
  readonly billableMetrics: readonly BillableMetric[];
  /** The instant of the replay (ISO 8601, UTC). */
  readonly now: string;
}

/**
 * The billable metrics the charges of `plans` are priced on, once each: by the charge's
 * `svc_billable_metric_id` when a metric has it, else by `billable_metric_code`, as pricing
 * matches them.
 *
 * @example
 * chargedMetrics([starter, growth], billableMetrics) // [api_calls, storage_gb, seats, payments, compute_hours]
 */
export function chargedMetrics(
  plans: readonly Plan[],
  billableMetrics: readonly BillableMetric[],
): BillableMetricInput[] {
  const found = new Map<string, BillableMetricInput>();
  for (const plan of plans) {
    for (const charge of plan.charges) {
      const metric =
        billableMetrics.find((m) => m.svc_id === charge.svc_billable_metric_id) ??
        billableMetrics.find((m) => m.code === charge.billable_metric_code);
      if (metric !== undefined && !found.has(metric.code)) found.set(metric.code, metric);
    }
  }
  return [...found.values()];
}

/**
 * The replay of `input.file` for the subscription as of `now`. `now` must be an instant
 * (`invalid_timestamp` otherwise); the period audited is the subscription plan's charges
 * period that contains `now`, in the customer's zone, as current usage computes it.
 *
 * @example
 * const replay = createReplay({ file, customer, subscription, plan, billableMetrics, now: '2026-11-15T00:00:00Z' });
 * // currentUsage({ ..., events: replay.right.events }); then replay.right.audit([plan])
 */
export function createReplay(input: ReplayInput): Either<FeecastError, Replay> {
  const { file, customer, subscription, plan, now } = input;
  const nowMs = eventTimeMs(now);
  if (nowMs === undefined) {
    return left(feecastError('invalid_timestamp', `now is not an instant: ${now}.`, ['now']));
  }
  const scope: ReplayScope = { subscriptionId: subscription.external_id, nowMs };
  const timezone = customer.applicable_timezone ?? customer.timezone ?? null;
  return right({
    events: {
      [Symbol.iterator]: () => inScope(file.read(() => undefined).events, scope),
    },
    error: () => file.error(),
    audit: (plans) => {
      const period = billingPeriod({
        plan: { ...plan, interval: plan.interval ?? '' },
        subscription,
        timezone,
        at: now,
        purpose: 'usage',
      });
      if (isLeft(period)) return period;
      return auditEvents({
        file,
        scope,
        metrics: chargedMetrics(plans, input.billableMetrics),
        period: {
          from_datetime: period.right.charges_from_datetime,
          to_datetime: period.right.charges_to_datetime,
        },
        timezone,
      });
    },
  });
}
