import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import { compiledAggregations, type MetricAggregation } from '../../fees/index';
import { type SubscriptionRun, subscriptionRun } from '../../periods/index';
import { type PreviewFacts, type PreviewInvoiceInput, readPreviewInput } from './inputs';
import { chargesPricing, withPlanPath } from './subscription-fees';

/** What the invoice of one subscription of a preview aggregates (see {@link previewAggregations}). */
export interface SubscriptionAggregations {
  readonly external_subscription_id: string;
  /** The billing run the invoice is for (the periods it closes and opens). */
  readonly run: SubscriptionRun;
  /**
   * Per billable metric of the plan's charges: the charges accumulator to run over the
   * subscription's events of the metric's code; empty when the run closes no charges period.
   */
  readonly metrics: readonly MetricAggregation[];
}

/**
 * The next billing run of each subscription of a preview (`subscriptionRun`), in the order
 * given; the first that cannot be computed is a `Left`.
 * @internal
 */
export function previewRuns(facts: PreviewFacts): Either<FeecastError, SubscriptionRun[]> {
  const runs: SubscriptionRun[] = [];
  for (const entry of facts.subscriptions) {
    const run = subscriptionRun({
      plan: entry.plan,
      subscription: entry.subscription,
      timezone: facts.timezone,
      now: facts.now,
      path: entry.path,
      ...(entry.starting === true ? { starting: true } : {}),
    });
    if (isLeft(run)) return run;
    runs.push(run.right);
  }
  return right(runs);
}

/**
 * What `previewInvoice` aggregates for this input, per subscription: its billing run, and per
 * billable metric of its plan's charges, the charges accumulator (charges and options) that
 * prices the metric's events over the charges period the run closes. A caller that runs
 * these accumulators itself (over the subscription's events of each metric's code) gives
 * their `state()` back in the subscription's `aggregates`, and gets the invoice of the events
 * themselves; a metric whose `needsEvents` says why must be given as events instead.
 *
 * @example
 * const aggregations = previewAggregations({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, now: '2026-11-30T23:59:59Z',
 * });
 * aggregations._tag === 'Right' && aggregations.right.map((s) => [s.external_subscription_id, s.metrics.length])
 * // => [['sub_acme_starter', 5]]
 */
export function previewAggregations(
  input: Omit<PreviewInvoiceInput, 'events'>,
): Either<FeecastError, SubscriptionAggregations[]> {
  const read = readPreviewInput({ ...input, events: [] });
  if (isLeft(read)) return read;
  return aggregationsOfFacts(read.right);
}

/**
 * {@link previewAggregations} of an input already read (`readPreviewInput`): for a caller
 * that reads a subscription once and asks at several instants (`{ ...facts, now }`).
 * `found`: the runs `previewRuns` gives for these facts, when the caller has them (a backtest
 * finds a subscription's runs once for the plans whose periods are alike): they are not
 * computed again.
 * @internal
 */
export function aggregationsOfFacts(
  facts: PreviewFacts,
  found?: readonly SubscriptionRun[],
): Either<FeecastError, SubscriptionAggregations[]> {
  const runs = found === undefined ? previewRuns(facts) : right(found);
  if (isLeft(runs)) return runs;
  const out: SubscriptionAggregations[] = [];
  for (const [i, entry] of facts.subscriptions.entries()) {
    const run = runs.right[i];
    if (run === undefined) continue;
    const external_subscription_id = entry.subscription.external_id;
    if (run.charges === undefined) {
      out.push({ external_subscription_id, run, metrics: [] });
      continue;
    }
    const metrics = compiledAggregations(
      chargesPricing(
        {
          entry,
          run,
          customer: facts.customer,
          timezone: facts.timezone,
          billableMetrics: facts.billableMetrics,
          pricingUnits: facts.pricingUnits,
        },
        run.charges,
      ),
      entry.compiled,
    );
    if (isLeft(metrics)) return left(withPlanPath(metrics.left, entry.path));
    out.push({ external_subscription_id, run, metrics: metrics.right });
  }
  return right(out);
}
