/**
 * The plan of a pushdown (its explain): per charge, whether the database aggregates it or its
 * rows are streamed into the in-process accumulator, and why.
 */
import type { AggregatesSpec } from './spec';

/** How one charge is aggregated. */
export interface ChargePlan {
  /** The charge's index in the spec's charges. */
  readonly charge: number;
  /** `true`: the database aggregates every bucket and group of the charge. */
  readonly pushed: boolean;
  /** Why it falls back (absent when pushed). */
  readonly reason?: string;
}

/** The plan of a whole spec. */
export interface PushdownPlan {
  readonly charges: readonly ChargePlan[];
  /**
   * Why every charge falls back, when the reason is the metric's, the options' or the
   * table's (not one charge's); absent otherwise.
   */
  readonly reason?: string;
}

/** Why a metric or its options cannot be pushed down at all, or `undefined`. */
function specReason(spec: AggregatesSpec): string | undefined {
  const expression = spec.metric.expression;
  if (typeof expression === 'string' && expression.trim() !== '') {
    return 'expression not compiled: the metric computes its value with an expression, evaluated in-process';
  }
  if (spec.options.per_event === true) {
    return 'per_event views: the options ask for every event’s value, which only the rows give';
  }
  return undefined;
}

/** Why one charge cannot be pushed down, or `undefined`. */
function chargeReason(spec: AggregatesSpec, index: number): string | undefined {
  const charge = spec.charges[index];
  if (charge?.per_event === true) {
    return 'per_event views: the charge is priced from each event’s value, which only the rows give';
  }
  if (charge?.prorated === true) {
    return spec.metric.aggregation_type === 'sum_agg'
      ? 'prorated sum: per-day sums need the time zone’s calendar'
      : 'prorated unique count: the proration needs every operation of each value';
  }
  return undefined;
}

/**
 * The plan of `spec` before any table is read: per charge, pushed down or not and why.
 * `tableReason`, when given, is why the table itself cannot be read in SQL (a column type the
 * compiler does not read exactly): every charge then falls back.
 *
 * @example
 * pushdownPlan({
 *   metric: { code: 'storage', aggregation_type: 'sum_agg', field_name: 'gb' },
 *   charges: [{}, { prorated: true }],
 *   options: { from_datetime: '2026-11-01T00:00:00Z', to_datetime: '2026-11-30T23:59:59Z' },
 * })
 * // ~> { charges: [{ charge: 0, pushed: true },
 * //   { charge: 1, pushed: false, reason: 'prorated sum: per-day sums need the time zone’s calendar' }] }
 */
export function pushdownPlan(spec: AggregatesSpec, tableReason?: string): PushdownPlan {
  const whole = specReason(spec) ?? tableReason;
  const charges = spec.charges.map((_, charge): ChargePlan => {
    const reason = whole ?? chargeReason(spec, charge);
    return reason === undefined ? { charge, pushed: true } : { charge, pushed: false, reason };
  });
  return whole === undefined ? { charges } : { charges, reason: whole };
}
