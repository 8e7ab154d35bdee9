/**
 * The clock endpoint, `/__feecast/clock` (outside `/api/v1`, keyed like the API; issue 24 §1):
 * `GET` answers where the clock stands, `POST {"now": <timestamp>}` or
 * `POST {"advance": <ISO 8601 duration>}` moves it forward (and pins it there), running
 * everything that became due on the way (billing/run-due.ts), and answers what happened: the
 * activity logs the move produced, in order. Pure, as the reducer: the server keeps the state,
 * its journal and its clock.
 */
import type { ActivityLog, Integer, Timestamp } from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { isRecord } from '../../guards';
import { parseNow } from '../../inputs/index';
import { addDuration, parseDuration } from '../billing/duration';
import { runDue } from '../billing/run-due';
import {
  type ApiErrorResponse,
  malformedJson,
  methodNotAllowed,
  validationErrors,
} from '../http/api-error';
import { parseJson } from '../http/body';
import { asTimestamp } from '../state/brands';
import type { ServerState } from '../state/state';
import type { Operations } from './operations';
import { failure, type Reduction } from './reducer';

/** The path of the clock endpoint. */
export const CLOCK_PATH = '/__feecast/clock';

/** A request to the clock endpoint, answered. */
export type ClockAnswer = Reduction;

/** Where the clock stands, as the endpoint answers it. */
function clockBody(
  now: Timestamp,
  pinned: boolean,
): { readonly now: Timestamp; readonly pinned: boolean } {
  return { now, pinned };
}

/** 422 `clock_cannot_move_backwards`: the position, and what to do. */
function backwards(position: Timestamp, asked: Timestamp): ApiErrorResponse {
  return {
    status: 422 as Integer,
    error: 'Unprocessable Entity',
    code: 'clock_cannot_move_backwards',
    error_details: {
      now: ['before_clock'],
      clock_now: position,
      asked,
      what_to_do:
        'The clock only moves forward: give an instant at or after clock_now. For an earlier clock, start the server again without its --data-dir (or with an empty one) and --now at that instant.',
    },
  };
}

/** The instant a move's body asks for, or its 4xx. */
function target(text: string | undefined, position: Timestamp): Timestamp | ApiErrorResponse {
  const parsed = parseJson(text ?? '');
  if (parsed === undefined || !isRecord(parsed.value)) return malformedJson();
  const { now, advance, ...rest } = parsed.value;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    return validationErrors(Object.fromEntries(unknown.map((key) => [key, ['unknown_field']])));
  }
  if ((now === undefined) === (advance === undefined)) {
    return validationErrors({
      now: [
        'give either now (an ISO 8601 timestamp) or advance (an ISO 8601 duration such as P1M)',
      ],
    });
  }
  if (now !== undefined) {
    const instant = typeof now === 'string' ? parseNow(now) : undefined;
    if (instant === undefined || isLeft(instant)) {
      return validationErrors({
        now: [
          'value_is_invalid: an ISO 8601 timestamp with a zone (2025-02-01T00:00:00Z) or a date',
        ],
      });
    }
    return asTimestamp(new Date(instant.right).toISOString());
  }
  const duration = typeof advance === 'string' ? parseDuration(advance) : undefined;
  if (duration === undefined) {
    return validationErrors({
      advance: [
        'value_is_invalid: an ISO 8601 duration of whole years, months, weeks, days, hours, minutes and seconds (P1M, P1DT12H, PT30M)',
      ],
    });
  }
  return asTimestamp(new Date(addDuration(Date.parse(position), duration)).toISOString());
}

/**
 * Answers a request to the clock endpoint at the clock's `position`: `GET` the clock; `POST`
 * a move (400 for a body that is not a JSON object, 422 for a bad field, 422
 * `clock_cannot_move_backwards` for an instant before the position), the state after it
 * (clock pinned at the new instant) and `{ clock, activity_logs, problems }`; 405 otherwise.
 *
 * @example
 * clockRequest(state, { method: 'POST', body: '{"advance": "P1M"}' }, '2025-01-01T00:00:00.000Z', defaultOperations);
 * // { state, response: { status: 200, body: { clock: { now: '2025-02-01T00:00:00.000Z', pinned: true, previous: ... }, activity_logs: [...] } } }
 */
export function clockRequest(
  state: ServerState,
  request: { readonly method: string; readonly body?: string | undefined },
  position: Timestamp,
  pinned: boolean,
  operations: Operations,
): ClockAnswer {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return { state, response: { status: 200, body: { clock: clockBody(position, pinned) } } };
  }
  if (request.method !== 'POST') {
    return failure(state, methodNotAllowed('method_not_allowed'), { Allow: 'GET, HEAD, POST' });
  }
  const to = target(request.body, position);
  if (typeof to !== 'string') return failure(state, to);
  if (Date.parse(to) < Date.parse(position)) return failure(state, backwards(position, to));
  const before = state.activity_logs.length;
  const from: ServerState =
    state.clock === undefined ? { ...state, clock: { now: position, pinned } } : state;
  const move = runDue(from, to, true, operations);
  const logs: ActivityLog[] = move.state.activity_logs.slice(before);
  return {
    state: move.state,
    response: {
      status: 200,
      body: {
        clock: { ...clockBody(to, true), previous: position },
        activity_logs: logs,
        problems: move.problems,
      },
    },
  };
}
