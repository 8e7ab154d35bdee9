import { type Decimal, ZERO } from '../core/index';
import type { EventRecords, RecordColumns } from './event-records';
import type { KindContext, KindResult } from './kinds/kind';
import type { CompiledMetric } from './metric';
import {
  eventValues,
  IN_ADVANCE_TYPES,
  inAdvanceIncrements,
  PER_EVENT_TYPES,
  scoreDecimal,
  uniqueScores,
} from './per-event';
import { type ProratedViews, proratedViews } from './prorated-views';

/** The per-event fields of a slot's figures (`DecimalFigures` of `pass.ts`). */
type ViewKey =
  | 'event_values'
  | 'in_advance_increments'
  | 'applied_units'
  | 'event_orders'
  | 'event_prorated_values'
  | 'in_advance_prorated_increments';

/**
 * Defines `key` on `out` as an enumerable property computed on first read and kept: a
 * reader that never looks at a view (a charge priced from its units) never pays for it.
 */
function lazy(out: object, key: ViewKey, compute: () => unknown): void {
  let value: unknown;
  let done = false;
  Object.defineProperty(out, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
}

/** Computes a value on first call and returns it ever after. */
function once<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}

/**
 * Adds a slot's per-event views, as decimals, to its figures `out` (`DecimalFigures` of
 * `pass.ts`; aggregations.md §6), for the records
 * appended so far (`records`, with the slot's `result` taken at the same time): each view is
 * written when first read, from the records put in time order once (sorted only when they were
 * not appended in time order). The fields present, and their order, are those the figures
 * always had: `event_values`, `in_advance_increments`, `applied_units`, `event_orders`, then
 * `start_units` and `end_units` for a recurring metric and, with `prorated` (the period's
 * context), the prorated views.
 * @internal
 */
export function defineEventViews(
  out: { start_units?: Decimal; end_units?: Decimal },
  metric: CompiledMetric,
  records: EventRecords,
  result: KindResult,
  prorated: KindContext | undefined,
): void {
  const type = metric.kind.type;
  const length = records.length;
  const ordered = once((): RecordColumns => records.inTimeOrder(length));
  const startActive = result.startActive ?? [];
  const start = result.start ?? ZERO;
  const hasValues = PER_EVENT_TYPES.has(type);
  const hasIncrements = IN_ADVANCE_TYPES.has(type);
  const values = once(() => eventValues(type, ordered()));
  const scores = once(() =>
    type === 'unique_count_agg' ? uniqueScores(ordered(), startActive) : undefined,
  );
  const increments = once(() => inAdvanceIncrements(type, ordered(), start, scores()));
  const prorate =
    prorated !== undefined && hasValues && hasIncrements
      ? once(
          (): ProratedViews =>
            proratedViews(prorated, type, ordered(), values(), increments(), {
              total: start,
              active: startActive,
            }),
        )
      : undefined;
  if (hasValues) {
    lazy(out, 'event_values', () =>
      prorate !== undefined ? (prorate().event_values ?? values()) : values(),
    );
  }
  if (hasIncrements) lazy(out, 'in_advance_increments', increments);
  if (type === 'unique_count_agg') lazy(out, 'applied_units', () => scores()?.map(scoreDecimal));
  if (hasValues) lazy(out, 'event_orders', () => Array.from(ordered().order));
  if (metric.recurring && result.start !== undefined) {
    out.start_units = result.start;
    out.end_units = result.fullUnits ?? result.aggregation;
  }
  if (prorate !== undefined) {
    if (type !== 'unique_count_agg')
      lazy(out, 'event_prorated_values', () => prorate().event_prorated_values);
    lazy(out, 'in_advance_prorated_increments', () => prorate().in_advance_prorated_increments);
  }
}
