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
