import { type FeecastError, feecastError } from '../core/index';

/** Where the subjects of `estimatePayInAdvanceFee`'s input sit in `estimateFees`' input. */
export interface EstimatePaths {
  /** The charge (`['plan', 'charges', '2']`). */
  readonly charge: readonly string[];
  /** The billable metric (`['billableMetrics', '0']`). */
  readonly metric: readonly string[];
  /** The metric's `field_name`, if it has one. */
  readonly field: string | undefined;
}

function reasonOf(error: FeecastError): unknown {
  const details = error.details;
  return typeof details === 'object' && details !== null && 'reason' in details
    ? details.reason
    : undefined;
}

/**
 * An error of `estimatePayInAdvanceFee` in `estimateFees`' terms (estimate-and-usage.md
 * §2.2): a charge or metric path moved to the plan's charge or the listed metric, and an
 * estimated event that aggregation would leave out reported with the reference's code: a
 * missing or non-decimal value is `value_is_not_valid_number` at `event.properties.<field>`,
 * an expression that fails is `expression_evaluation_failed`.
 *
 * @example
 * estimateError({ code: 'invalid_input', path: ['event'], details: { reason: 'missing_value' }, message }, paths)
 * // { code: 'value_is_not_valid_number', path: ['event', 'properties', 'gb'], ... }
 * @internal
 */
export function estimateError(error: FeecastError, paths: EstimatePaths): FeecastError {
  const [head, ...rest] = error.path ?? [];
  const reason = reasonOf(error);
  if (head === 'event' && (reason === 'missing_value' || reason === 'invalid_value')) {
    const field = paths.field ?? '';
    return feecastError(
      'value_is_not_valid_number',
      `event.properties.${field} must be a decimal number: ${error.message}`,
      ['event', 'properties', field],
      error.details,
    );
  }
  if (head === 'event' && reason === 'expression_failed') {
    return feecastError('expression_evaluation_failed', error.message, ['event', 'properties']);
  }
  if (head === 'event' && reason === 'invalid_operation_type') {
    return { ...error, path: ['event', 'properties', 'operation_type'] };
  }
  if (head === 'charge') return { ...error, path: [...paths.charge, ...rest] };
  if (head === 'billableMetric') return { ...error, path: [...paths.metric, ...rest] };
  return error;
}
