import {
  type AggregateOptions,
  aggregate,
  type BillableMetricInput,
  type EventBatch,
  eventBatch,
} from '@feecast/engine';
import { type DuckDbPeer, duckDbPeer } from '../duckdb-peer';
import type { BenchCase, BenchSuite } from '../harness';
import {
  type HistoryEvent,
  historyEvents,
  KEPT_REGIONS,
  NOVEMBER,
  plainFilteredSum,
  plainGroupedSum,
} from '../history';

const sum: BillableMetricInput = {
  code: 'compute',
  aggregation_type: 'sum_agg',
  field_name: 'value',
  filters: [{ key: 'region', values: ['eu', 'us', 'apac', 'latam'] }],
};
const unique: BillableMetricInput = {
  code: 'compute',
  aggregation_type: 'unique_count_agg',
  field_name: 'instance',
};
const kept = new Set<string>(KEPT_REGIONS);
const FILTER = { region: [...KEPT_REGIONS] };

/** The baseline: the plain exact loop over the events in Unix seconds. */
export const PLAIN = '(a) plain exact loop, Unix seconds';
const PLAIN_ISO = '(a2) plain exact loop, ISO text through Date.parse';
const PLAIN_GROUPED = '(a4) plain exact loop, Unix seconds, sum by region';
const PLAIN_DEDUPE = '(a3) plain exact loop, Unix seconds, Set of ids';
const DUCK_FILTERED = '(b) DuckDB 1 thread, filtered sum';
const DUCK_GROUPED = '(b) DuckDB 1 thread, sum by region';
const DUCK_UNIQUE = '(b) DuckDB 1 thread, unique count';
const UNIX_NO_DEDUPE = 'aggregate, filtered sum, Unix seconds, no dedupe';
const UNIX_DEDUPE = 'aggregate, filtered sum, Unix seconds';
const ISO_NO_DEDUPE = 'aggregate, filtered sum, ISO text, no dedupe';
const DEFAULT = 'aggregate, filtered sum, ISO text (the default call)';
const GROUPED = 'aggregate, sum by region, ISO text, no dedupe';
const UNIQUE = 'aggregate, unique count, ISO text, no dedupe';
const COLUMNAR_FILTERED = 'columnar batch: filtered sum, no dedupe';
const COLUMNAR_DEDUPE = 'columnar batch: filtered sum';
const COLUMNAR_GROUPED = 'columnar batch: sum by region, no dedupe';
const COLUMNAR_UNIQUE = 'columnar batch: unique count, no dedupe';

/** The plain loop with deduplication as a user writes it: a `Set` of the ids seen. */
function plainDedupedSum(events: readonly HistoryEvent[]): string {
  const from = Date.parse(NOVEMBER.from_datetime) / 1000;
  const to = Date.parse(NOVEMBER.to_datetime) / 1000;
  const seen = new Set<string>();
  const subset: HistoryEvent[] = [];
  for (const event of events) {
    if (event.code !== 'compute' || typeof event.timestamp !== 'number') continue;
    if (event.timestamp < from || event.timestamp > to) continue;
    if (seen.has(event.transaction_id)) continue;
    seen.add(event.transaction_id);
    subset.push(event);
  }
  return plainFilteredSum(subset, kept);
}

function engine(
  name: string,
  metric: BillableMetricInput,
  events: readonly HistoryEvent[] | EventBatch,
  options: Partial<AggregateOptions>,
  read: (result: Extract<ReturnType<typeof aggregate>, { _tag: 'Right' }>['right']) => unknown,
): BenchCase {
  return {
    name,
    run: () => {
      const result = aggregate(metric, events, { ...NOVEMBER, ...options });
      if (result._tag === 'Left') throw new Error(result.left.message);
      return read(result.right);
    },
  };
}

const total = (r: { aggregation: string }) => r.aggregation;
const byRegion = (r: { groups?: readonly { grouped_by: object; aggregation: string }[] }) =>
  Object.fromEntries(
    (r.groups ?? []).map((g) => [(g.grouped_by as { region?: string }).region, g.aggregation]),
  );

/**
 * Issue 19: `aggregate` over a history-shaped set (1,000,000 events over three months,
 * unsorted, ~1 % repeated ids; `bench/src/history.ts`), against the plain exact loop a user
 * writes by hand (the baseline) and DuckDB on typed columns, one thread, loaded from the same
 * events. Every figure is checked equal across the cases that compute it before timing.
 */
export async function historySuite(count = 1_000_000): Promise<BenchSuite & { close(): void }> {
  const unix = historyEvents(count, 'unix');
  const iso = historyEvents(count, 'iso');
  const duck: DuckDbPeer = await duckDbPeer(unix);
  // Built once, outside the timings: what a what-if tool keeps to price one history many times.
  const built = eventBatch(iso);
  if (built._tag === 'Left') throw new Error(built.left.message);
  const batch = built.right;
  return {
    name: 'history: aggregate',
    items: count,
    itemLabel: 'events',
    baseline: PLAIN,
    close: () => duck.close(),
    cases: [
      { name: PLAIN, run: () => plainFilteredSum(unix, kept) },
      { name: PLAIN_ISO, run: () => plainFilteredSum(iso, kept) },
      { name: PLAIN_DEDUPE, run: () => plainDedupedSum(unix) },
      { name: PLAIN_GROUPED, run: () => plainGroupedSum(unix) },
      { name: DUCK_FILTERED, run: () => duck.filteredSum() },
      { name: DUCK_GROUPED, run: () => duck.groupedSum() },
      { name: DUCK_UNIQUE, run: () => duck.uniqueCount() },
      engine(UNIX_NO_DEDUPE, sum, unix, { filters: FILTER, deduplicate: false }, total),
      engine(UNIX_DEDUPE, sum, unix, { filters: FILTER }, total),
      engine(ISO_NO_DEDUPE, sum, iso, { filters: FILTER, deduplicate: false }, total),
      engine(DEFAULT, sum, iso, { filters: FILTER }, total),
      engine(GROUPED, sum, iso, { grouped_by: ['region'], deduplicate: false }, byRegion),
      engine(UNIQUE, unique, iso, { deduplicate: false }, total),
      engine(COLUMNAR_FILTERED, sum, batch, { filters: FILTER, deduplicate: false }, total),
      engine(COLUMNAR_DEDUPE, sum, batch, { filters: FILTER }, total),
      engine(
        COLUMNAR_GROUPED,
        sum,
        batch,
        { grouped_by: ['region'], deduplicate: false },
        byRegion,
      ),
      engine(COLUMNAR_UNIQUE, unique, batch, { deduplicate: false }, total),
    ],
    agree: [
      [PLAIN, PLAIN_ISO, DUCK_FILTERED, UNIX_NO_DEDUPE, ISO_NO_DEDUPE, COLUMNAR_FILTERED],
      [PLAIN_DEDUPE, UNIX_DEDUPE, DEFAULT, COLUMNAR_DEDUPE],
      [PLAIN_GROUPED, DUCK_GROUPED, GROUPED, COLUMNAR_GROUPED],
      [DUCK_UNIQUE, UNIQUE, COLUMNAR_UNIQUE],
    ],
    targets: [
      { case: UNIX_NO_DEDUPE, against: PLAIN, atMost: 2.5 },
      { case: DEFAULT, against: PLAIN, atMost: 8 },
      { case: COLUMNAR_FILTERED, against: DUCK_FILTERED, atMost: 1 },
      { case: COLUMNAR_GROUPED, against: DUCK_GROUPED, atMost: 1 },
      { case: COLUMNAR_UNIQUE, against: DUCK_UNIQUE, atMost: 1 },
    ],
    nsTargets: [{ case: UNIX_DEDUPE, minus: UNIX_NO_DEDUPE, atMostNs: 100 }],
  };
}
