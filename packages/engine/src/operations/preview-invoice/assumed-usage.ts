import type { BillableMetric, CustomerProjectedUsageResponse } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { UsageEvent } from '../../aggregation/index';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  formatDecimal,
  halfAwayFromZero,
  isRecord,
  literalScale,
  parseDecimal,
  sign,
} from '../../core/index';

/** An event of the usage assumed for every future period: dated by the period, so no `timestamp`. */
export interface AssumedEvent {
  readonly code: string;
  /** Made unique per period (`<id>#<period>`); default `assumed:<index>`. */
  readonly transaction_id?: string | null;
  readonly properties?: Readonly<Record<string, unknown>> | null;
  readonly precise_total_amount_cents?: string | number | null;
}

/**
 * The usage assumed in each future period: `rates`, units per period by billable metric
 * code, or `events`, the events of one period. Neither: the projection of the current period
 * (`projectedUsage`'s `projected_units` per metric).
 */
export interface AssumedUsage {
  readonly rates?: Readonly<Record<string, string | number>> | null;
  readonly events?: readonly AssumedEvent[] | null;
}

/** Where a period's assumed usage comes from. */
export type AssumedUsageSource = 'projection' | 'rates' | 'events';

/** At most this many events of a count or a unique count per metric and period. */
export const MAX_ASSUMED_EVENTS = 100_000;

function invalid(path: readonly string[], message: string): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}

/** The events of one period given as `usage.events`, checked (no timestamp: the period dates them). */
export function assumedEvents(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, AssumedEvent[]> {
  if (!Array.isArray(value)) return invalid(path, 'usage.events must be an array of events.');
  const out: AssumedEvent[] = [];
  for (const [i, event] of value.entries()) {
    const at = [...path, String(i)];
    if (!isRecord(event) || typeof event.code !== 'string' || event.code === '') {
      return invalid([...at, 'code'], 'Each assumed event needs a code (a billable metric code).');
    }
    if (event.timestamp !== undefined && event.timestamp !== null) {
      return invalid(
        [...at, 'timestamp'],
        'An assumed event has no timestamp: each period gets a copy dated at its start. Leave timestamp out.',
      );
    }
    if (event.transaction_id !== undefined && event.transaction_id !== null) {
      if (typeof event.transaction_id !== 'string' || event.transaction_id === '') {
        return invalid([...at, 'transaction_id'], 'transaction_id must be a non-empty string.');
      }
    }
    if (
      event.properties !== undefined &&
      event.properties !== null &&
      !isRecord(event.properties)
    ) {
      return invalid([...at, 'properties'], 'properties must be an object.');
    }
    out.push(event as unknown as AssumedEvent);
  }
  return right(out);
}

/**
 * The events of one period that give each metric its rate (`usage.rates`): a sum, a max or a
 * latest value, one event carrying the units in the metric's field; a count, that many
 * events; a unique count, that many distinct values. A rate must be 0 or more, whole for a
 * count or a unique count (at most {@link MAX_ASSUMED_EVENTS}). A recurring metric (its
 * level carries from period to period), a weighted sum, a custom aggregation or a metric
 * whose value is an expression have no rate: give `usage.events` for them.
 */
export function eventsOfRates(
  rates: Readonly<Record<string, unknown>>,
  metrics: readonly BillableMetric[],
  path: readonly string[],
): Either<FeecastError, AssumedEvent[]> {
  const out: AssumedEvent[] = [];
  for (const [code, rate] of Object.entries(rates)) {
    const at = [...path, code];
    const metric = metrics.find((m) => m.code === code);
    if (metric === undefined) {
      return left(
        feecastError(
          'unknown_billable_metric',
          `usage.rates names ${JSON.stringify(code)}, which is not a code of billableMetrics.`,
          at,
        ),
      );
    }
    const units = parseDecimal(rate, at);
    if (isLeft(units)) return units;
    const events = metricEvents(metric, units.right, at);
    if (isLeft(events)) return events;
    for (const event of events.right) out.push(event);
  }
  return right(out);
}

function metricEvents(
  metric: BillableMetric,
  units: Decimal,
  path: readonly string[],
): Either<FeecastError, AssumedEvent[]> {
  if (sign(units) < 0) return invalid(path, `The rate of ${metric.code} must be 0 or more.`);
  const noRate = (why: string) =>
    invalid(path, `${metric.code} has no rate per period (${why}): give usage.events instead.`);
  if (metric.recurring) return noRate('a recurring metric carries its level from period to period');
  if (metric.expression !== null && metric.expression !== undefined && metric.expression !== '') {
    return noRate('its value is computed by an expression');
  }
  const field = metric.field_name ?? '';
  const one = (properties: Record<string, unknown>, n: number): AssumedEvent => ({
    code: metric.code,
    transaction_id: `rate:${metric.code}:${n}`,
    properties,
  });
  switch (metric.aggregation_type) {
    case 'sum_agg':
    case 'max_agg':
    case 'latest_agg':
      return right([one({ [field]: formatDecimal(units) }, 0)]);
    case 'count_agg':
    case 'unique_count_agg': {
      const text = formatDecimal(units);
      if (!/^\d+$/.test(text)) {
        return invalid(
          path,
          `The rate of ${metric.code} counts events: it must be a whole number.`,
        );
      }
      const n = Number(text);
      if (n > MAX_ASSUMED_EVENTS) {
        return invalid(
          path,
          `The rate of ${metric.code} would make ${text} events a period, above ${MAX_ASSUMED_EVENTS}: give a smaller rate.`,
        );
      }
      const out: AssumedEvent[] = [];
      for (let i = 0; i < n; i++) {
        out.push(one(metric.aggregation_type === 'count_agg' ? {} : { [field]: `u${i}` }, i));
      }
      return right(out);
    }
    default:
      return noRate(`its aggregation is ${metric.aggregation_type}`);
  }
}

/**
 * The rates of the projection of the current period: per metric of the plan's usage charges,
 * the `projected_units` of its first charge (a count or a unique count rounded half up to a
 * whole number of events); a recurring metric has none (its level carries, as the
 * projection keeps it). A charge with filters or pricing groups cannot be replayed as
 * events without their properties: a `Left` asks for `usage.rates` or `usage.events`.
 */
export function projectionRates(
  projected: CustomerProjectedUsageResponse,
  metrics: readonly BillableMetric[],
): Either<FeecastError, Record<string, string>> {
  const rates: Record<string, string> = {};
  for (const usage of projected.customer_projected_usage.charges_usage) {
    const code = usage.billable_metric.code;
    const metric = metrics.find((m) => m.code === code);
    if (metric === undefined || metric.recurring || code in rates) continue;
    const filtered = usage.filters.some((f) => f.values !== null) || usage.grouped_usage.length > 0;
    if (filtered) {
      return invalid(
        ['usage'],
        `The charge of ${code} has filters or pricing groups: its projection cannot be replayed as events. Give usage.rates or usage.events.`,
      );
    }
    const units = parseDecimal(usage.projected_units, ['usage']);
    if (isLeft(units)) return units;
    const counted =
      metric.aggregation_type === 'count_agg' || metric.aggregation_type === 'unique_count_agg';
    rates[code] = formatDecimal(
      counted ? halfAwayFromZero(units.right, literalScale(0)) : units.right,
    );
  }
  return right(rates);
}

/**
 * Period `period`'s copy of the assumed events: dated at `at` (the period's start), for the
 * subscription, each transaction id made unique to the period.
 */
export function datedEvents(
  events: readonly AssumedEvent[],
  period: number,
  at: string,
  subscription: string,
): UsageEvent[] {
  return events.map((event, i) => ({
    transaction_id: `${event.transaction_id ?? `assumed:${i}`}#${period}`,
    external_subscription_id: subscription,
    code: event.code,
    timestamp: at,
    ...(event.properties === undefined || event.properties === null
      ? {}
      : { properties: event.properties }),
    ...(event.precise_total_amount_cents === undefined
      ? {}
      : { precise_total_amount_cents: event.precise_total_amount_cents }),
  }));
}
