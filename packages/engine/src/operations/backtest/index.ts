/**
 * Backtests: the invoices a history of usage would have had, for every subscription, billing
 * period and candidate plan, with the events read once (issue 22 §1).
 */

export { type Backtest, backtest, backtestUnsafe } from './backtest';
export type { EventCounts } from './event-grid';
export {
  type BacktestAggregations,
  type BacktestSlot,
  type BacktestStates,
  backtestAggregations,
  backtestOfStates,
} from './given-states';
export type { BacktestInput, BacktestProgress, BacktestSubscription } from './inputs';
export type { BacktestFeeLine, BacktestRow } from './rows';
export {
  type BacktestShare,
  type BacktestSplit,
  backtestShares,
  combineBacktests,
  inWholeInput,
  type SharedResult,
} from './shares';
export type {
  BacktestSummary,
  ChargeContribution,
  CustomerDelta,
  DeltaQuantiles,
  MonthlyRevenue,
  PlanDeltas,
} from './summary';
