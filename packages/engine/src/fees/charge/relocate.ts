import type { FeecastError } from '../../core/index';

/** Where the aggregation's option keys come from in the charge-fee inputs. */
const OPTION_PATHS: Readonly<Record<string, readonly string[]>> = {
  from_datetime: ['period', 'charges_from_datetime'],
  to_datetime: ['period', 'charges_to_datetime'],
  charges_duration: ['period', 'charges_duration'],
  timezone: ['timezone'],
  previous: ['previous'],
};

/** Where an aggregation error's subjects sit in the caller's input. */
export interface AggregationPaths {
  /** The billable metric (`['billableMetric']`, `['billableMetrics', '1']`). */
  readonly metric: readonly string[];
  /** The charge path of each aggregation consumer, by consumer index. */
  readonly consumers: readonly (readonly string[])[];
  /** Where a given aggregation state sits (`['aggregates', 'api_calls']`), when one is. */
  readonly state?: readonly string[];
}

/**
 * An aggregation error with its path moved from the aggregation's own vocabulary (`options`,
 * `billable_metric`, `charges/<consumer>`) to the caller's input (`period`, `billableMetric`,
 * the charge), so the message points at what to fix.
 *
 * @example
 * relocate({ code: 'invalid_input', message: '...', path: ['options', 'to_datetime'] }, paths)
 * // { ..., path: ['period', 'charges_to_datetime'] }
 * @internal
 */
export function relocate(error: FeecastError, paths: AggregationPaths): FeecastError {
  const [head, second, ...rest] = error.path ?? [];
  let moved: readonly string[] | undefined;
  if (head === 'options' && second !== undefined) {
    const base = OPTION_PATHS[second];
    moved = base === undefined ? undefined : [...base, ...rest];
  } else if (head === 'billable_metric') {
    moved = [...paths.metric, ...(second === undefined ? [] : [second]), ...rest];
  } else if (head === 'state' && paths.state !== undefined) {
    moved = [...paths.state, ...(second === undefined ? [] : [second]), ...rest];
  } else if (head === 'charges' && second !== undefined) {
    const base = paths.consumers[Number(second)];
    moved = base === undefined ? undefined : [...base, ...rest];
  }
  return moved === undefined ? error : { ...error, path: moved };
}
