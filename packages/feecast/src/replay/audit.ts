/**
 * What became of every event of the `--events` file in a replay: counted, left out as
 * designed (another subscription's, dated after `--now`, outside the period, of a metric no
 * charge prices), or rejected because it is wrong (a record that is not an event, or an event
 * the engine's aggregation refuses: a value that is not a decimal, a repeated transaction
 * id...). Nothing is dropped without being counted here; the rejected are listed with their
 * file and line.
 */
import {
  type Accumulator,
  createAccumulator,
  type FeecastError,
  type Rejection,
} from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { AuditInput, EventsAudit, RejectedEvent } from './events-audit';
import { locateRejections } from './locate-rejections';
import { scopeOf } from './scope';

const MAX_CODES = 10;

/** One accumulator of the engine per metric, over the period: it refuses events as pricing does. */
function accumulatorsFor(input: AuditInput): Either<FeecastError, Map<string, Accumulator>> {
  const accumulators = new Map<string, Accumulator>();
  for (const metric of input.metrics) {
    const accumulator = createAccumulator(metric, { ...input.period, timezone: input.timezone });
    if (isLeft(accumulator)) return accumulator;
    accumulators.set(metric.code, accumulator.right);
  }
  return right(accumulators);
}

/**
 * Reads the file once more and accounts for every record: where each valid event goes (see
 * `scopeOf`), and which events the engine's aggregation of each charged metric over the
 * period refuses (events of other periods are counted apart, in `outside_period`: a history
 * file holds other periods, and that is not an error). When some are rejected, a second pass
 * finds their lines (see `locateRejections`). An error of the whole file is a `Left`.
 *
 * @example
 * auditEvents({ file, scope, metrics, period, timezone: null })
 * // right({ summary: { read: 200, counted: 96, rejected: 1, after_now: 103, ... },
 * //   rejected: [{ file: 'events.ndjson', line: 12, transaction_id: 'tr_0012', reason: 'invalid_value', message: '...' }] })
 */
export function auditEvents(input: AuditInput): Either<FeecastError, EventsAudit> {
  const accumulators = accumulatorsFor(input);
  if (isLeft(accumulators)) return accumulators;
  const { file, scope } = input;
  const unreadable: RejectedEvent[] = [];
  const codes = new Set<string>();
  let read = 0;
  let otherSubscription = 0;
  let afterNow = 0;
  let notCharged = 0;
  const pass = file.read((error, line) => {
    read++;
    unreadable.push({
      file: file.name,
      line,
      transaction_id: null,
      reason: 'invalid_event',
      message: error.message,
    });
  });
  for (const event of pass.events) {
    read++;
    const where = scopeOf(event, scope);
    if (where === 'other_subscription') otherSubscription++;
    else if (where === 'after_now') afterNow++;
    else {
      const accumulator = accumulators.right.get(event.code);
      if (accumulator !== undefined) accumulator.add(event);
      else {
        notCharged++;
        if (codes.size <= MAX_CODES) codes.add(event.code);
      }
    }
  }
  const broken = file.error();
  if (broken !== undefined) return left(broken);
  let outsidePeriod = 0;
  const refused = new Map<string, Map<number, Rejection>>();
  for (const [code, accumulator] of accumulators.right) {
    const result = accumulator.result();
    outsidePeriod += result.outside_period ?? 0;
    if (result.rejected.length === 0) continue;
    const byPosition = new Map<number, Rejection>();
    for (const rejection of result.rejected) byPosition.set(rejection.index, rejection);
    refused.set(code, byPosition);
  }
  const located = refused.size === 0 ? right([]) : locateRejections(input, refused);
  if (isLeft(located)) return located;
  const rejected = [...unreadable, ...located.right].sort((a, b) => a.line - b.line);
  return right({
    summary: {
      read,
      counted: read - rejected.length - otherSubscription - afterNow - outsidePeriod - notCharged,
      rejected: rejected.length,
      other_subscription: otherSubscription,
      after_now: afterNow,
      outside_period: outsidePeriod,
      not_charged: notCharged,
    },
    rejected,
    notChargedCodes: [...codes].slice(0, MAX_CODES),
    moreNotChargedCodes: codes.size > MAX_CODES,
    period: input.period,
  });
}
