import type { EstimateFeesResponse } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { eventTimeMs } from '../aggregation/index';
import {
  type FeecastError,
  feecastError,
  formatInstant,
  isRecord,
  parseInstant,
  readCents,
  sum,
  toWireCents,
} from '../core/index';
import type { ChargeFee } from '../fees/index';
import { checkEventTimestamp } from './estimate-event';
import type { EstimatedEvent } from './inputs';

/** The sums of a set of estimates' fees, in the plan's currency. */
export interface EstimateTotal {
  readonly amount_cents: number;
  readonly taxes_amount_cents: number;
  readonly total_amount_cents: number;
  readonly currency: string;
  /** How many fees were added up (one per matching pay-in-advance charge and event). */
  readonly fees_count: number;
}

/** The result of `estimateFeesOf`. */
export interface EstimateFeesOfResponse {
  /** One per new event, in the order given: what `estimateFees` gives for it (its `fees`). */
  readonly estimates: readonly EstimateFeesResponse[];
  /** The sums of every estimate's fees. */
  readonly total: EstimateTotal;
}

/**
 * Where and when a new event of a set is priced: its `timestamp` (ISO 8601 or Unix seconds),
 * else the set's `now`. A new event with neither is a `Left` naming it.
 *
 * @example
 * newEventInstant({ code: 'api_calls', timestamp: 1740992400 }, undefined, 0)
 * // right({ ms: 1740992400000, text: '2025-03-03T09:00:00Z' })
 * @internal
 */
export function newEventInstant(
  event: unknown,
  now: unknown,
  index: number,
): Either<FeecastError, { readonly ms: number; readonly text: string }> {
  const path = ['newEvents', String(index)];
  if (!isRecord(event)) {
    return left(
      feecastError(
        'invalid_input',
        `newEvents[${index}] must be an event { code, timestamp?, properties?, ... }.`,
        path,
      ),
    );
  }
  const given = event as unknown as EstimatedEvent;
  const timestamp = given.timestamp;
  if (timestamp !== undefined && timestamp !== null) {
    const ms = eventTimeMs(timestamp);
    if (ms === undefined) {
      const bad = checkEventTimestamp(given);
      return left(
        inNewEvent(
          bad ?? feecastError('invalid_timestamp', 'event.timestamp does not read.', ['event']),
          index,
        ),
      );
    }
    return right({ ms, text: formatInstant(ms) });
  }
  if (now === undefined || now === null) {
    return left(
      feecastError(
        'invalid_input',
        `newEvents[${index}] has no timestamp and no now is given: give the event a timestamp (ISO 8601 or Unix seconds), or give now for the events without one.`,
        [...path, 'timestamp'],
      ),
    );
  }
  const parsed = parseInstant(now, ['now']);
  if (isLeft(parsed)) return parsed;
  return right({ ms: parsed.right, text: formatInstant(parsed.right) });
}

/**
 * An error of one estimate of a set, in the set's terms: a path under `event` moves under
 * `newEvents[index]`; any other path stays, and the message says which new event it is about.
 *
 * @example
 * inNewEvent({ code: 'unknown_billable_metric', path: ['event', 'code'], message }, 2)
 * // { code: 'unknown_billable_metric', path: ['newEvents', '2', 'code'], message }
 * @internal
 */
export function inNewEvent(error: FeecastError, index: number): FeecastError {
  const [head, ...rest] = error.path ?? [];
  if (head === 'event') return { ...error, path: ['newEvents', String(index), ...rest] };
  return { ...error, message: `newEvents[${index}]: ${error.message}` };
}

/**
 * The fee a charge's reader gave the kept event at `place`; `fees` is `undefined` only when
 * the charge has no reader, which `estimateFeesOf` never asks.
 * @internal
 */
export function keptFee(
  fees: Either<FeecastError, Either<FeecastError, ChargeFee>[]> | undefined,
  place: number,
): Either<FeecastError, ChargeFee> {
  if (fees !== undefined && isLeft(fees)) return fees;
  const fee = fees?.right[place];
  if (fee !== undefined) return fee;
  return left(
    feecastError(
      'unexpected_error',
      `No fee was computed for the new event at place ${place} of its period: please report it.`,
      ['newEvents'],
    ),
  );
}

/**
 * The response of a set of estimates: each estimate, and the sums of their fees' amounts,
 * taxes and totals (exact integer cents).
 *
 * @example
 * setTotal([{ fees: [fee1000] }, { fees: [fee1000] }], 'EUR')
 * // right({ estimates: [...], total: { amount_cents: 2000, taxes_amount_cents: 400, total_amount_cents: 2400, currency: 'EUR', fees_count: 2 } })
 * @internal
 */
export function setTotal(
  estimates: readonly EstimateFeesResponse[],
  currency: string,
): Either<FeecastError, EstimateFeesOfResponse> {
  const columns = ['amount_cents', 'taxes_amount_cents', 'total_amount_cents'] as const;
  const sums: number[] = [];
  let count = 0;
  for (const column of columns) {
    const values = [];
    count = 0;
    for (const [i, estimate] of estimates.entries()) {
      for (const [j, fee] of estimate.fees.entries()) {
        const cents = readCents(fee[column], ['estimates', String(i), 'fees', String(j), column]);
        if (isLeft(cents)) return cents;
        values.push(cents.right);
        count++;
      }
    }
    const total = toWireCents(sum(values), ['total', column]);
    if (isLeft(total)) return total;
    sums.push(total.right);
  }
  const [amount = 0, taxes = 0, total = 0] = sums;
  return right({
    estimates,
    total: {
      amount_cents: amount,
      taxes_amount_cents: taxes,
      total_amount_cents: total,
      currency,
      fees_count: count,
    },
  });
}
