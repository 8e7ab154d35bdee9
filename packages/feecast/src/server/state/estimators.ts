/**
 * The prepared estimator of each subscription (the engine's `createEstimator`), kept while
 * what it was prepared for is the same: an estimate then checks its context once per local
 * day and compiles each metric once, instead of on every request. `estimateFees` of the engine
 * is `createEstimator` then one estimate, so the answers (errors included) are the same.
 */
import {
  createEstimator,
  type EstimateFeesInput,
  type Estimator,
  type EstimatorContext,
  estimateFees,
  type FeecastError,
} from '@feecast/engine';
import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';

/** An estimator and the context objects it was prepared for. */
interface Kept {
  readonly context: EstimatorContext;
  readonly estimator: Estimator;
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
 * objects than the last time).
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
    const estimator = createEstimator(context);
    // A context the engine refuses: its own estimate answers the same error, in its order.
    if (isLeft(estimator)) return estimateFees(input);
    entry = { context, estimator: estimator.right };
    kept.set(input.subscription, entry);
  }
  return entry.estimator.estimateFees({
    event: input.event,
    now: input.now,
    ...(input.events === undefined ? {} : { events: input.events }),
  });
}
