// The in-process states the pushdown must equal: the engine's charges accumulator over the
// same events, in the same order.

import type { UsageEvent } from '@feecast/engine';
import { type ChargesAccumulatorState, createChargesAccumulator } from '@feecast/engine';
import type { AggregatesSpec } from '@feecast/sources';

/** The state of `events` for `spec`: as `duckdbEvents({ subscription })` gives them when set. */
export function inProcessState(
  spec: AggregatesSpec,
  events: readonly UsageEvent[],
  subscription: string | null | undefined,
): ChargesAccumulatorState {
  const accumulator = createChargesAccumulator(spec.metric, spec.charges, spec.options);
  if (accumulator._tag === 'Left') throw new Error(accumulator.left.message);
  for (const event of events) {
    const named = event.external_subscription_id;
    // A subscription's rows and those naming none; `null`: the rows naming none alone.
    const belongs =
      subscription === undefined ||
      named === undefined ||
      (subscription !== null && named === subscription);
    if (subscription === null && named !== undefined) continue;
    if (belongs) accumulator.right.add(event);
  }
  return accumulator.right.state();
}

/**
 * The states of a run over every subscription: each subscription whose events hold the
 * metric (sorted), with the events naming none, then the events naming none alone (`null`).
 */
export function inProcessStates(
  spec: AggregatesSpec,
  events: readonly UsageEvent[],
): { subscription: string | null; state: ChargesAccumulatorState }[] {
  const ofMetric = events.filter((e) => e.code === spec.metric.code);
  const named = [...new Set(ofMetric.map((e) => e.external_subscription_id))]
    .filter((s): s is string => s !== undefined)
    .sort();
  const states: { subscription: string | null; state: ChargesAccumulatorState }[] = named.map(
    (subscription) => ({ subscription, state: inProcessState(spec, events, subscription) }),
  );
  if (ofMetric.some((e) => e.external_subscription_id === undefined)) {
    states.push({ subscription: null, state: inProcessState(spec, events, null) });
  }
  return states;
}
