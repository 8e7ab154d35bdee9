import { countKind } from './count';
import type { AggregationKind, AggregationType } from './kind';
import { latestKind } from './latest';
import { maxKind } from './max';
import { proratableSumKind } from './sum';
import { uniqueCountKind } from './unique-count';
import { weightedSumKind } from './weighted-sum';

/** Every aggregation type, by its wire name: the one table shared code looks kinds up in. */
export const AGGREGATION_KINDS: Readonly<Record<AggregationType, AggregationKind>> = {
  count_agg: countKind,
  sum_agg: proratableSumKind,
  max_agg: maxKind,
  latest_agg: latestKind,
  unique_count_agg: uniqueCountKind,
  weighted_sum_agg: weightedSumKind,
};

/**
 * The name of each aggregation type's part, as `@feecast/engine` exports it for
 * `createPreviewEstimator` (`operations/pricing-parts.ts`): what an error tells a caller to pass.
 */
export const AGGREGATION_PART_NAMES: Readonly<Record<AggregationType, string>> = {
  count_agg: 'countAggregation',
  sum_agg: 'sumAggregation',
  max_agg: 'maxAggregation',
  latest_agg: 'latestAggregation',
  unique_count_agg: 'uniqueCountAggregation',
  weighted_sum_agg: 'weightedSumAggregation',
};

/**
 * The part that prices a prorated charge of a recurring metric, where a type's own part does
 * not (`sumAggregation` leaves prorated sums out): what an error tells a caller to pass.
 */
export const PRORATED_PART_NAMES: Readonly<Partial<Record<AggregationType, string>>> = {
  sum_agg: 'proratedSumAggregation',
};

export type {
  AggregationKind,
  AggregationType,
  BucketState,
  BucketStateJson,
  ColumnarRun,
  KindContext,
  KindResult,
  UniqueOperationJson,
  UniqueValue,
} from './kind';
