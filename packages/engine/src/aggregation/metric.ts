import type { BillableMetric } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  ceil,
  type Decimal,
  type FeecastError,
  feecastError,
  floor,
  halfAwayFromZero,
  type OtherWireKeys,
  type Rounding,
  scaleOf,
} from '../core/index';
import { addBatchColumnar, type ColumnarKernel } from './batch-kernel';
import { type CompiledExpression, parseExpression } from './expression/compile';
import { evaluateExpressionText } from './expression/evaluate';
import type { ExpressionEvent } from './expression/event';
import type { MetricFilter } from './filters';
import { AGGREGATION_KINDS, AGGREGATION_PART_NAMES, PRORATED_PART_NAMES } from './kinds/index';
import type { AggregationKind, AggregationType } from './kinds/kind';

/**
 * A billable metric as an input: the fields aggregation reads, and optionally the other fields
 * of the wire `BillableMetric` (in plain strings; the operations default them as
 * docs/inputs.md says). A decoded `@feecast/models` `BillableMetric` is one.
 */
export interface BillableMetricInput
  extends OtherWireKeys<
    BillableMetric,
    | 'code'
    | 'aggregation_type'
    | 'field_name'
    | 'recurring'
    | 'rounding_function'
    | 'rounding_precision'
    | 'expression'
    | 'weighted_interval'
    | 'filters'
  > {
  readonly code: string;
  readonly aggregation_type: string;
  readonly field_name?: string | null;
  readonly recurring?: boolean | null;
  readonly rounding_function?: string | null;
  readonly rounding_precision?: number | null;
  readonly expression?: string | null;
  readonly weighted_interval?: string | null;
  readonly filters?: readonly MetricFilter[] | null;
}

/** A billable metric checked once, ready for the per-event loop. */
export interface CompiledMetric {
  readonly code: string;
  readonly kind: AggregationKind;
  readonly fieldName: string | undefined;
  readonly recurring: boolean;
  readonly expression: CompiledExpression | undefined;
  readonly filters: readonly MetricFilter[];
  /** The metric's `rounding_function` at its precision, or the identity. */
  readonly round: (value: Decimal) => Decimal;
  /** How a pass reads a batch in columns ({@link MetricLanguage.columnar}); else row by row. */
  readonly columnar?: ColumnarKernel | undefined;
}

const ROUNDINGS: Readonly<Record<string, Rounding>> = { round: halfAwayFromZero, ceil, floor };

/**
 * The metrics' expression language: how a metric's `expression` is parsed, and how its value
 * on one event is read (an estimated event is checked with it before it is priced). The two
 * come together, so that a metric compiled with an expression can always be evaluated.
 */
export interface ExpressionLanguage {
  readonly parse: (text: string) => Either<FeecastError, CompiledExpression>;
  readonly evaluateText: (
    compiled: CompiledExpression,
    event: ExpressionEvent,
  ) => Either<FeecastError, string>;
}

/** The expression language: `parseExpression` and `evaluateExpressionText`. */
export const EXPRESSION_LANGUAGE: ExpressionLanguage = {
  parse: parseExpression,
  evaluateText: evaluateExpressionText,
};

/**
 * The aggregation types a metric may name, and the expression language when its `expression`
 * may be used: every type and the language for {@link compileMetric}; those a caller gave
 * for a preview estimator (`createPreviewEstimator`), so that a bundle holds only those.
 */
export interface MetricLanguage {
  readonly kinds: Readonly<Partial<Record<AggregationType, AggregationKind>>>;
  readonly expression: ExpressionLanguage | undefined;
  /**
   * The columnar kernel that reads a batch of events (`EventBatch`) without an object per row
   * (`addBatchColumnar`), or none: a pass then reads a batch's rows one by one, with the same
   * figures. A preview estimator, which prices one event at a time, goes without it, so that
   * its bundle does not hold it.
   */
  readonly columnar?: ColumnarKernel | undefined;
}

/** Every aggregation type, the expression language and the columnar kernel. */
export const FULL_METRIC_LANGUAGE: MetricLanguage = {
  kinds: AGGREGATION_KINDS,
  expression: EXPRESSION_LANGUAGE,
  columnar: addBatchColumnar,
};

/**
 * Checks a billable metric and prepares it for aggregation: a known `aggregation_type`, a
 * `field_name` where the type needs one, `recurring` only where the reference allows it, a
 * valid rounding and a parseable `expression`. Every problem is a `Left` with its path.
 */
export function compileMetric(
  metric: BillableMetricInput,
  path: readonly string[] = ['billable_metric'],
): Either<FeecastError, CompiledMetric> {
  return compileMetricIn(FULL_METRIC_LANGUAGE, metric, path);
}

/**
 * {@link compileMetric} for the aggregation types and expression language of `language`
 * only: a metric of another type, or with an expression when the language is not given, is
 * a `Left` that says what to pass.
 *
 * @example
 * compileMetricIn({ kinds: { sum_agg: sumKind }, expression: undefined }, countMetric, ['billableMetrics', '0'])
 * // left({ code: 'invalid_input', message: 'aggregation_type "count_agg" is not among the aggregations given ...' })
 * @internal
 */
export function compileMetricIn(
  language: MetricLanguage,
  metric: BillableMetricInput,
  path: readonly string[],
): Either<FeecastError, CompiledMetric> {
  const { kinds } = language;
  const at = (key: string) => [...path, key];
  if (
    typeof metric !== 'object' ||
    metric === null ||
    typeof metric.code !== 'string' ||
    metric.code === ''
  ) {
    return left(
      feecastError('invalid_input', 'A billable metric needs a non-empty `code`.', at('code')),
    );
  }
  const type = metric.aggregation_type;
  if (
    typeof type === 'string' &&
    Object.hasOwn(AGGREGATION_PART_NAMES, type) &&
    !Object.hasOwn(kinds, type)
  ) {
    return left(
      feecastError(
        'invalid_input',
        `aggregation_type ${JSON.stringify(type)} is not among the aggregations given (${Object.keys(kinds).join(', ') || 'none'}): pass its part (${AGGREGATION_PART_NAMES[type as AggregationType]}) to createPreviewEstimator, or use createEstimator.`,
        at('aggregation_type'),
        { value: type, allowed: Object.keys(kinds) },
      ),
    );
  }
  if (typeof type !== 'string' || !Object.hasOwn(kinds, type)) {
    return left(
      feecastError(
        'invalid_input',
        `Unknown aggregation_type ${JSON.stringify(type)}; expected one of ${Object.keys(kinds).join(', ')}.`,
        at('aggregation_type'),
        { value: type, allowed: Object.keys(kinds) },
      ),
    );
  }
  const kind = kinds[type as AggregationType] as AggregationKind;
  const fieldName =
    typeof metric.field_name === 'string' && metric.field_name !== ''
      ? metric.field_name
      : undefined;
  if (kind.needsField && fieldName === undefined) {
    return left(
      feecastError('invalid_input', `A ${type} metric needs a \`field_name\`.`, at('field_name')),
    );
  }
  const recurring = metric.recurring === true;
  if (recurring && !kind.recurringAllowed) {
    return left(
      feecastError(
        'invalid_input',
        `A ${type} metric cannot be recurring (only sum, unique count and weighted sum).`,
        at('recurring'),
      ),
    );
  }
  const round = compileRounding(metric, path);
  if (isLeft(round)) return round;
  let expression: CompiledExpression | undefined;
  if (typeof metric.expression === 'string' && metric.expression.trim() !== '') {
    if (fieldName === undefined) {
      return left(
        feecastError(
          'invalid_input',
          'A metric with an `expression` needs a `field_name` to write it to.',
          at('field_name'),
        ),
      );
    }
    if (language.expression === undefined) {
      return left(
        feecastError(
          'invalid_input',
          `Metric ${JSON.stringify(metric.code)} has an expression, and the expression language was not given: pass expressionLanguage to createPreviewEstimator, or use createEstimator.`,
          at('expression'),
        ),
      );
    }
    const compiled = language.expression.parse(metric.expression);
    if (isLeft(compiled)) return left({ ...compiled.left, path: at('expression') });
    expression = compiled.right;
  }
  return right({
    code: metric.code,
    kind,
    fieldName,
    recurring,
    expression,
    filters: metric.filters ?? [],
    round: round.right,
    columnar: language.columnar,
  });
}

function compileRounding(
  metric: BillableMetricInput,
  path: readonly string[],
): Either<FeecastError, (value: Decimal) => Decimal> {
  const name = metric.rounding_function;
  if (name === undefined || name === null) return right((value) => value);
  const rounding =
    typeof name === 'string' && Object.hasOwn(ROUNDINGS, name) ? ROUNDINGS[name] : undefined;
  if (rounding === undefined) {
    return left(
      feecastError(
        'invalid_input',
        `Unknown rounding_function ${JSON.stringify(name)}; expected round, ceil or floor.`,
        [...path, 'rounding_function'],
      ),
    );
  }
  const scale = scaleOf(metric.rounding_precision ?? 0, [...path, 'rounding_precision']);
  if (isLeft(scale)) return scale;
  return right((value) => rounding(value, scale.right));
}

/**
 * Checks that a charge may prorate this metric: only recurring sums and unique counts have a
 * prorated aggregation (aggregations.md §1.8). Returns whether to prorate.
 */
export function checkProrated(
  metric: CompiledMetric,
  prorated: boolean,
  path: readonly string[],
): Either<FeecastError, boolean> {
  if (!prorated) return right(false);
  if (metric.recurring && metric.kind.prorated !== undefined) return right(true);
  const part = PRORATED_PART_NAMES[metric.kind.type];
  if (metric.recurring && part !== undefined) {
    return left(
      feecastError(
        'invalid_input',
        `A prorated charge of the recurring ${metric.kind.type} metric ${JSON.stringify(metric.code)} needs the prorated aggregation, which was not given: pass ${part} to createPreviewEstimator, or use createEstimator.`,
        [...path],
        { aggregation_type: metric.kind.type, recurring: metric.recurring },
      ),
    );
  }
  return left(
    feecastError(
      'invalid_input',
      `Proration applies to recurring sum_agg and unique_count_agg metrics; ${JSON.stringify(metric.code)} is ${metric.recurring ? 'a recurring ' : 'a non-recurring '}${metric.kind.type}. Set prorated to false or make the metric recurring.`,
      [...path],
      { aggregation_type: metric.kind.type, recurring: metric.recurring },
    ),
  );
}
