/**
 * The prepared estimator of each subscription, kept while what it was prepared for is the
 * same: an estimate then checks its context once per local day and compiles each metric once,
 * instead of on every request. It is the engine's fed estimator (`createFedEstimator` of
 * `@feecast/engine/internal`): given the subscription's stored events of the metric as the
 * event index's list (which only grows as events are stored, see event-index.ts), each
 * pay-in-advance charge keeps a tally of them per filter bucket and group, fed the events stored
 * since the last estimate, so an estimate costs what the charges cost, not what the stored events
 * do (and an estimate of the same shape against an unchanged tally is the last fee again, a
 * copy). Its answers (errors included) are `estimateFees`' own.
 */
import {
  type EstimateFeesInput,
  type EstimatorContext,
  estimateFees,
  type FeecastError,
} from '@feecast/engine';
import { createFedEstimator, type FedEstimator } from '@feecast/engine/internal';
import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';

/** An estimator and the context objects it was prepared for. */
interface Kept {
  readonly context: EstimatorContext;
  readonly estimator: FedEstimator;
}

/** By subscription object: a changed subscription is another object, and the entry goes. */
const kept = new WeakMap<object, Kept>();

/** Whether `input` names the very objects `context` holds (the state's objects never change). */
function sameContext(context: EstimatorContext, input: EstimateFeesInput): boolean {
  return (
    context.customer === input.customer &&
    context.plan === input.plan &&
    context.billableMetrics === input.billableMetrics &&
    context.taxes === input.taxes &&
    context.pricingUnits === input.pricingUnits
  );
}

/**
 * `estimateFees(input)` of the engine, through the estimator kept for `input.subscription`
 * (prepared again when the customer, plan, metrics, taxes or pricing units given are other
 * objects than the last time). `input.events`: the stored events of the subscription, in an
 * array that only grows while it is the same array (the event index's list of the metric);
 * events given otherwise are priced by `estimateFees` itself.
 *
 * @example
 * preparedEstimateFees({ customer, subscription, plan, billableMetrics, taxes, events, event, now });
 * // the same as estimateFees of the same input
 */
export function preparedEstimateFees(
  input: EstimateFeesInput,
): Either<FeecastError, EstimateFeesResponse> {
  let entry = kept.get(input.subscription);
  if (entry === undefined || !sameContext(entry.context, input)) {
    const context: EstimatorContext = {
      customer: input.customer,
      subscription: input.subscription,
      plan: input.plan,
      billableMetrics: input.billableMetrics,
      ...(input.taxes === undefined ? {} : { taxes: input.taxes }),
      ...(input.pricingUnits === undefined ? {} : { pricingUnits: input.pricingUnits }),
    };
    const estimator = createFedEstimator(context);
    // A context the engine refuses: its own estimate answers the same error, in its order.
    if (isLeft(estimator)) return estimateFees(input);
    entry = { context, estimator: estimator.right };
    kept.set(input.subscription, entry);
  }
  // The fed estimator reads an array that only grows; other stored events go through the engine.
  if (!Array.isArray(input.events)) return estimateFees(input);
  return entry.estimator.estimateFees({
    event: input.event,
    now: input.now,
    events: input.events,
  });
}
