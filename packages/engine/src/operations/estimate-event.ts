import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type CompiledMetric,
  eventTimeMs,
  type MetricLanguage,
  type UsageEvent,
} from '../aggregation/index';
import {
  createDecimalSum,
  type FeecastError,
  feecastError,
  isRecord,
  parseDecimal,
} from '../core/index';
import type { EstimatedEvent } from './inputs';

/** Aggregations whose field value the reference checks is a number (§2.2, check 6). */
const NUMERIC_FIELDS: ReadonlySet<string> = new Set(['sum_agg', 'max_agg', 'latest_agg']);

/**
 * Checks the estimated event's `timestamp` (§2.1, check 3): it is not used for pricing, but a
 * value that is neither ISO 8601 nor Unix seconds is refused.
 *
 * @example
 * checkEventTimestamp({ code: 'api_calls', timestamp: 'yesterday' }) // left(invalid_timestamp)
 * @internal
 */
export function checkEventTimestamp(event: EstimatedEvent): FeecastError | undefined {
  const timestamp = event.timestamp;
  if (timestamp === undefined || timestamp === null || eventTimeMs(timestamp) !== undefined) {
    return undefined;
  }
  return feecastError(
    'invalid_timestamp',
    `event.timestamp must be ISO 8601 (e.g. "2025-03-02T10:00:00Z") or Unix seconds, got ${JSON.stringify(timestamp)}; the estimate prices the event at now either way.`,
    ['event', 'timestamp'],
    { value: timestamp },
  );
}

/**
 * The event the estimate prices (§2.5): the request's code, properties (or none) and
 * `precise_total_amount_cents` (or 0), the subscription's external id, stamped `now`, with a
 * transaction id no stored event of the metric has. Checks the reference's checks 6 and 7: a
 * value of a sum, max or latest metric that is present but not a decimal
 * (`value_is_not_valid_number`), and a metric expression that cannot be evaluated on the event
 * (`expression_evaluation_failed`) with the expression language of `language`, the one the
 * metric was compiled in.
 *
 * @example
 * pricedEvent({ code: 'storage', properties: { gb: '4' } }, metric, 'sub_1', '2025-03-02T10:00:00Z', 'estimate', FULL_METRIC_LANGUAGE)
 * // right({ transaction_id: 'estimate', code: 'storage', timestamp: '2025-03-02T10:00:00Z', properties: { gb: '4' }, ... })
 * @internal
 */
export function pricedEvent(
  event: EstimatedEvent,
  metric: CompiledMetric,
  externalSubscriptionId: string,
  now: string,
  transactionId: string,
  language: MetricLanguage,
): Either<FeecastError, UsageEvent> {
  const properties = event.properties ?? {};
  if (!isRecord(properties)) {
    return left(
      feecastError(
        'invalid_input',
        'event.properties must be an object of property names to values.',
        ['event', 'properties'],
        { value: properties },
      ),
    );
  }
  const cents = event.precise_total_amount_cents ?? '0';
  const parsedCents = parseDecimal(cents, ['event', 'precise_total_amount_cents']);
  if (isLeft(parsedCents)) return parsedCents;
  const field = metric.fieldName;
  if (
    metric.expression === undefined &&
    field !== undefined &&
    NUMERIC_FIELDS.has(metric.kind.type)
  ) {
    const value = properties[field];
    const present = value !== undefined && value !== null && value !== '';
    if (present && createDecimalSum().add(value) !== undefined) {
      return left(
        feecastError(
          'value_is_not_valid_number',
          `event.properties.${field} must be a decimal number (the ${metric.kind.type} metric "${metric.code}" adds it up), got ${JSON.stringify(value)}.`,
          ['event', 'properties', field],
          { value },
        ),
      );
    }
  }
  const priced: UsageEvent = {
    transaction_id: transactionId,
    code: metric.code,
    external_subscription_id: externalSubscriptionId,
    timestamp: now,
    properties,
    precise_total_amount_cents: cents,
  };
  if (metric.expression !== undefined) {
    // A metric compiles with an expression only in a language that has one, which evaluates it.
    const evaluated =
      language.expression === undefined
        ? left(
            feecastError(
              'invalid_input',
              'The metric has an expression: pass expressionLanguage to createPreviewEstimator.',
              ['properties'],
            ),
          )
        : language.expression.evaluateText(metric.expression, priced);
    if (isLeft(evaluated)) {
      return left({
        ...evaluated.left,
        path: ['event', ...(evaluated.left.path ?? ['properties'])],
      });
    }
  }
  return right(priced);
}
