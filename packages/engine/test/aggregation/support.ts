import type {
  AggregateOptions,
  AggregationResult,
  BillableMetricInput,
  UsageEvent,
} from '../../src/aggregation/index';
import { aggregate } from '../../src/aggregation/index';

export const MARCH = {
  from_datetime: '2025-03-01T00:00:00Z',
  to_datetime: '2025-03-31T23:59:59Z',
} as const;

export function metric(
  aggregation_type: string,
  extra: Partial<BillableMetricInput> = {},
): BillableMetricInput {
  return {
    code: 'm',
    aggregation_type,
    field_name: aggregation_type === 'count_agg' ? null : 'v',
    ...extra,
  };
}

let counter = 0;
/** An event of metric `m` (unique transaction id unless given). */
export function event(
  timestamp: string | number,
  properties: Record<string, unknown> = {},
  transaction_id?: string,
): UsageEvent {
  counter++;
  return { transaction_id: transaction_id ?? `t${counter}`, code: 'm', timestamp, properties };
}

/** `aggregate`, failing the test on a Left. */
export function run(
  m: BillableMetricInput,
  events: readonly UsageEvent[],
  options: AggregateOptions = MARCH,
): AggregationResult {
  const result = aggregate(m, events, options);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}
