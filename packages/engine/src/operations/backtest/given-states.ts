import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError, isRecord } from '../../core/index';
import type { MetricAggregation } from '../../fees/index';
import {
  allSeries,
  type Backtest,
  type PricedGrid,
  priceSeries,
  subscriptionOfSeries,
} from './backtest';
import type { EventCounts } from './event-grid';
import {
  type BacktestFacts,
  type BacktestInput,
  type BacktestProgress,
  readBacktestInput,
} from './inputs';
import type { Series } from './series';

/** One period of one subscription on one plan that aggregates usage (see {@link backtestAggregations}). */
export interface BacktestSlot {
  /** The series (subscription x plan) and its period: the key of the states given back. */
  readonly series: number;
  readonly period: number;
  readonly external_subscription_id: string;
  readonly plan: string;
  /**
   * The usage-charges period, `[fromMs, endMs)`: the events of a metric in it (for a
   * recurring metric, every event before `endMs`) are those of its accumulator.
   */
  readonly fromMs: number;
  readonly endMs: number;
  /** Per billable metric: the accumulator to run (its options say whether to deduplicate). */
  readonly metrics: readonly MetricAggregation[];
}

/** What a backtest aggregates, for a caller that computes the states elsewhere (a database). */
export interface BacktestAggregations {
  readonly slots: readonly BacktestSlot[];
  /** The subscriptions' external ids: an event naming none goes to the only one, when there is one. */
  readonly subscriptions: readonly string[];
  /**
   * {@link backtestOfStates} of the same input, from the series found here: the periods of
   * every subscription are found once, for the slots and for the pricing (a caller that prices
   * in the same thread). `onProgress` is told the invoices priced, as the input's would be.
   */
  readonly priceStates: (
    given: BacktestStates,
    onProgress?: (progress: BacktestProgress) => void,
  ) => Either<FeecastError, Backtest>;
}

/**
 * States computed elsewhere for {@link backtestOfStates}, and the counts of the events read.
 * Plain data, so that a share of them can be posted to a worker thread with a share of the
 * input (`backtestShares`): a state is found by its subscription, plan, period and metric,
 * which name it in a share as in the whole input.
 */
export interface BacktestStates {
  /**
   * Per subscription (its external id), per plan (`"current"` or a candidate's code), per
   * period (its index in the series): the state of each billable metric's accumulator, by code.
   */
  readonly bySubscription: ReadonlyMap<
    string,
    ReadonlyMap<string, readonly (ReadonlyMap<string, unknown> | undefined)[]>
  >;
  readonly counts: EventCounts;
}

/**
 * Every accumulator `backtest` would feed for this input (its events are not read): per
 * subscription x plan x period that closes a usage-charges period, the period and the
 * charges accumulator of each billable metric, as `eventGrid` creates them. Bad input is the
 * `Left` that `backtest` gives for it.
 */
export function backtestAggregations(
  input: Omit<BacktestInput, 'events' | 'onProgress'>,
): Either<FeecastError, BacktestAggregations> {
  const read = readSeries(input);
  if (isLeft(read)) return read;
  const { facts, series } = read.right;
  const slots: BacktestSlot[] = [];
  for (const [s, one] of series.entries()) {
    for (const [p, period] of one.periods.entries()) {
      if (period.window === undefined) continue;
      slots.push({
        series: s,
        period: p,
        external_subscription_id: subscriptionOfSeries(facts, one),
        plan: one.candidate.key,
        fromMs: period.window.fromMs,
        endMs: period.window.endMs,
        metrics: facts.deduplicate
          ? period.metrics
          : period.metrics.map((m) => ({ ...m, options: { ...m.options, deduplicate: false } })),
      });
    }
  }
  return right({
    slots,
    subscriptions: facts.entries.map((entry) => entry.external_subscription_id),
    priceStates: (given, onProgress) =>
      pricedStates(
        { ...facts, onProgress: typeof onProgress === 'function' ? onProgress : undefined },
        series,
        given,
      ),
  });
}

/** The input read, and its series (as `backtest` reads them). */
function readSeries(
  input: Omit<BacktestInput, 'events' | 'onProgress'>,
): Either<FeecastError, { facts: BacktestFacts; series: Series[] }> {
  const read = readBacktestInput({ ...input, events: [] });
  if (isLeft(read)) return read;
  const series = allSeries(read.right);
  if (isLeft(series)) return series;
  return right({ facts: read.right, series: series.right });
}

/** The number of events a state leaves out (its `rejected_counts`). */
function rejectedOf(state: unknown): number {
  const counts = isRecord(state) ? state.rejected_counts : undefined;
  let n = 0;
  if (isRecord(counts)) for (const value of Object.values(counts)) n += Number(value) || 0;
  return n;
}

/**
 * The `backtest` of `input` priced from accumulator states computed elsewhere (a database:
 * `pushdownBacktest` of `@feecast/sources`), one per slot of {@link backtestAggregations}
 * and metric, with the counts of the events read; `input.events` is not read. `input` may be
 * a share of the whole input (`backtestShares`): only its subscriptions' states are read. A metric
 * priced from each event (`needsEvents`) cannot be given as a state: that is a `Left`, as is
 * a state the engine refuses.
 */
export function backtestOfStates(
  input: Omit<BacktestInput, 'events'>,
  given: BacktestStates,
): Either<FeecastError, Backtest> {
  const read = readSeries(input);
  if (isLeft(read)) return read;
  return pricedStates(read.right.facts, read.right.series, given);
}

/** {@link backtestOfStates} of the input read, and its series. */
function pricedStates(
  facts: BacktestFacts,
  series: readonly Series[],
  given: BacktestStates,
): Either<FeecastError, Backtest> {
  for (const one of series) {
    for (const period of one.periods) {
      const streamed = period.metrics.find((m) => m.needsEvents !== undefined);
      if (streamed !== undefined) {
        return left(
          feecastError(
            'invalid_input',
            `The metric ${streamed.code} is priced from each event (${streamed.needsEvents}): backtest its events instead of states.`,
            ['billableMetrics'],
          ),
        );
      }
    }
  }
  const grid: PricedGrid = {
    counts: given.counts,
    aggregates(s, p) {
      const states: Record<string, unknown> = {};
      let rejected = 0;
      const one = series[s];
      const period = one?.periods[p];
      if (one !== undefined && period?.window !== undefined) {
        const own = given.bySubscription
          .get(subscriptionOfSeries(facts, one))
          ?.get(one.candidate.key)?.[p];
        for (const metric of period.metrics) {
          const state = own?.get(metric.code);
          states[metric.code] = state;
          rejected += rejectedOf(state);
        }
      }
      return { states, rejected };
    },
    keptEvents: () => [],
  };
  return priceSeries(facts, series, grid);
}
