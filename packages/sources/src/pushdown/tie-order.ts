/**
 * Rows at one instant. A unique count (an add and a remove of one value) and a latest value
 * depend on the order of rows at one instant: the later row wins the tie. In DuckDB the later
 * row is the later in read order; in ClickHouse, which has no read order, the one with the
 * greater transaction id. The other aggregations (a count, a sum, a maximum, a weighted sum)
 * are the same in any order.
 *
 * This decides two things in a run:
 * - the rows streamed to the in-process accumulator come in that order (ClickHouse sorts them
 *   by time and transaction id; DuckDB reads them in read order);
 * - over every subscription, the rows naming none (every subscription's, as a run of one
 *   subscription reads them with its own) are joined to each subscription with rows of the
 *   metric and read with that subscription's rows, in order, instead of being aggregated once
 *   alone and merged into each subscription's state after: a merged state no longer knows
 *   which of two rows at one instant was later. Such a row is then read once per subscription
 *   with rows of the metric, and once alone (the state of a subscription without rows). The
 *   query runs without the join first, and again with it only when rows name none (run.ts).
 */
import type { AggregationType } from '@feecast/engine';

/** Whether the figures of `type` depend on the order of rows at one instant. */
export function dependsOnTieOrder(type: AggregationType): boolean {
  return type === 'unique_count_agg' || type === 'latest_agg';
}
