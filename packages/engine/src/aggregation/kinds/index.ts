import { countKind } from './count';
import type { AggregationKind, AggregationType } from './kind';
import { latestKind } from './latest';
import { maxKind } from './max';
import { sumKind } from './sum';
import { uniqueCountKind } from './unique-count';
import { weightedSumKind } from './weighted-sum';

/** Every aggregation type, by its wire name: the one table shared code looks kinds up in. */
export const AGGREGATION_KINDS: Readonly<Record<AggregationType, AggregationKind>> = {
  count_agg: countKind,
  sum_agg: sumKind,
  max_agg: maxKind,
  latest_agg: latestKind,
  unique_count_agg: uniqueCountKind,
  weighted_sum_agg: weightedSumKind,
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
