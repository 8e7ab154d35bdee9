import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  parseDecimal,
  type TimeZone,
  timeZone,
} from '../core/index';
import { countDays } from '../periods/index';
import { eventTimeMs } from './event';
import type { FilterValues } from './filters';
import type { UniqueValue } from './kinds/kind';

/** What a recurring metric carries from one period into the next (the `state` of a result). */
export interface AggregationState {
  /** The carried value: the running sum, or the weighted sum's level at the period's end. */
  readonly value?: string;
  /**
   * The values a unique count holds as added at the period's end; `null` stands for the one
   * value of the events without the field.
   */
  readonly active_values?: readonly UniqueValue[];
}

/** Options of `aggregate` and `createAccumulator` (API.md, "Aggregation"). */
export interface AggregateOptions {
  /** Inclusive start of the period (ISO 8601). */
  readonly from_datetime: string;
  /** Inclusive end of the period (ISO 8601); the whole of its last second is included. */
  readonly to_datetime: string;
  /** A charge filter's `values`: only events matching it are aggregated. */
  readonly filters?: FilterValues;
  /** Property keys to group by: one result per distinct combination of their values. */
  readonly grouped_by?: readonly string[];
  /** Days of the full charges period (weighted-sum denominator); default: from..to in days. */
  readonly charges_duration?: number;
  /** The state a recurring metric carries from the previous period. */
  readonly previous?: AggregationState;
  /**
   * Leave out (and report) a second event with the same `transaction_id` for the same
   * subscription. Default true. Remembering ids costs memory per event: turn it off only for
   * streams whose ids are known to be unique (e.g. read from a store with a unique index).
   */
  readonly deduplicate?: boolean;
  /**
   * Also return the per-event views: `event_values` (percentage charges) and, for count, sum
   * and unique count, `in_advance_increments` (pay-in-advance charges), with `applied_units`
   * for unique counts and, for recurring sums and unique counts, the `start_units` and
   * `end_units` of the period. Costs memory per event.
   */
  readonly per_event?: boolean;
  /**
   * The customer's IANA time zone (default UTC): prorated aggregations and the default
   * `charges_duration` count its calendar days.
   */
  readonly timezone?: string | null;
  /**
   * Prorate a recurring sum or unique count over the charges period (aggregations.md §1.8):
   * each value counts for the days it was present. `full_units_number` then holds the
   * aggregation without proration.
   */
  readonly prorated?: boolean;
}

/** The period and carried values, checked once. @internal */
export interface ResolvedOptions {
  readonly fromMs: number;
  readonly endMs: number;
  readonly chargesDurationDays: number;
  /** The `to_datetime` instant itself. */
  readonly toMs: number;
  /** Days of the period from..to in the zone (a truncated period has fewer than its charges duration). */
  readonly periodDays: number;
  readonly zone: TimeZone;
  readonly prorated: boolean;
  readonly previous: Decimal | undefined;
  readonly previousActive: readonly UniqueValue[] | undefined;
  readonly deduplicate: boolean;
  readonly perEvent: boolean;
}

/** Checks the options; every problem is a `Left` naming the option. @internal */
export function resolveOptions(options: AggregateOptions): Either<FeecastError, ResolvedOptions> {
  if (typeof options !== 'object' || options === null) {
    return left(
      feecastError(
        'invalid_input',
        'Aggregation options are required (from_datetime, to_datetime).',
        ['options'],
      ),
    );
  }
  const fromMs = eventTimeMs(options.from_datetime);
  const toMs = eventTimeMs(options.to_datetime);
  if (typeof options.from_datetime !== 'string' || fromMs === undefined) {
    return left(invalidTime('from_datetime', options.from_datetime));
  }
  if (typeof options.to_datetime !== 'string' || toMs === undefined) {
    return left(invalidTime('to_datetime', options.to_datetime));
  }
  // The upper bound is inclusive to the end of its second (23:59:59 covers 23:59:59.999).
  const endMs = (Math.floor(toMs / 1000) + 1) * 1000;
  if (endMs <= fromMs) {
    return left(
      feecastError('invalid_input', 'to_datetime must not be before from_datetime.', [
        'options',
        'to_datetime',
      ]),
    );
  }
  const zone = timeZone(options.timezone, ['options', 'timezone']);
  if (isLeft(zone)) return zone;
  const periodDays = Math.max(1, countDays(zone.right, fromMs, toMs));
  const chargesDurationDays = options.charges_duration ?? periodDays;
  if (!Number.isSafeInteger(chargesDurationDays) || chargesDurationDays <= 0) {
    return left(
      feecastError(
        'invalid_input',
        'charges_duration must be a positive whole number of days.',
        ['options', 'charges_duration'],
        {
          value: options.charges_duration,
        },
      ),
    );
  }
  let previous: Decimal | undefined;
  if (options.previous?.value !== undefined) {
    const parsed = parseDecimal(options.previous.value, ['options', 'previous', 'value']);
    if (isLeft(parsed)) return parsed;
    previous = parsed.right;
  }
  return right({
    fromMs,
    endMs,
    chargesDurationDays,
    toMs,
    periodDays,
    zone: zone.right,
    prorated: options.prorated === true,
    previous,
    previousActive: options.previous?.active_values,
    deduplicate: options.deduplicate !== false,
    perEvent: options.per_event === true,
  });
}

function invalidTime(key: string, value: unknown): FeecastError {
  return feecastError(
    'invalid_input',
    `${key} must be an ISO 8601 date-time such as "2025-03-01T00:00:00Z", got ${JSON.stringify(value)}.`,
    ['options', key],
    { value },
  );
}

/**
 * Checks a `grouped_by` list: property keys, non-empty strings.
 * @internal
 */
export function checkGroupKeys(
  keys: unknown,
  path: readonly string[],
): Either<FeecastError, readonly string[]> {
  if (keys === undefined) return right([]);
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string' || k === '')) {
    return left(
      feecastError('invalid_input', 'grouped_by must be a list of property keys.', [...path]),
    );
  }
  return right(keys as readonly string[]);
}
