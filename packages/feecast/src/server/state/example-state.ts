/**
 * The bundled example state (packages/feecast/example-state/state.json): a customer with
 * active and pending subscriptions, plans with every charge model, billable metrics,
 * wallets, coupons, invoices (one draft), a credit note, payment receipts, billing entities
 * and a webhook endpoint, built from the reference's payloads. `feecast serve` starts from
 * it when no state is given.
 *
 * The file is written for one billing period of its active subscription (anniversary on the
 * 15th: 2025-03-15 to 2025-04-14, in the customer's time zone). `exampleState(now)` moves all
 * its dates by whole months so that `now` falls in that period: the same story (last
 * period's events and invoices, a draft, a subscription started two months before and
 * ending ten months after) on any date.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import data from '../../../example-state/state.json';
import { localDate } from './calendar';
import { decodeState } from './decode-state';
import { shiftMonths } from './shift-months';
import type { ServerState } from './state';

/** The decoded states, by the number of months they are moved. */
const cached = new Map<number, ServerState>();

function decoded(months: number): ServerState {
  const hit = cached.get(months);
  if (hit !== undefined) return hit;
  const state = decodeState(shiftMonths(data, months));
  if (isLeft(state)) {
    throw new Error(`The bundled example state is invalid: ${state.left.message}`);
  }
  cached.set(months, state.right);
  return state.right;
}

/** The year, month and day of a `YYYY-MM-DD` date. */
function parts(date: string): readonly [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/**
 * How many months the file's dates move so that `now` falls in the period the file is
 * written for: the first active subscription's current billing period, whose first day is
 * compared with `now`'s date in the customer's time zone.
 */
function monthsTo(now: Date): number {
  const written = decoded(0);
  const subscription = written.subscriptions.find((s) => s.status === 'active');
  const start = subscription?.current_billing_period_started_at;
  if (subscription === undefined || start === null || start === undefined) return 0;
  const customer = written.customers.find(
    (c) => c.external_id === subscription.external_customer_id,
  );
  const [fromYear, fromMonth, fromDay] = parts(start.slice(0, 10));
  const [year, month, day] = parts(localDate(now.toISOString(), customer?.timezone ?? 'UTC'));
  const months = year * 12 + month - (fromYear * 12 + fromMonth);
  return day < fromDay ? months - 1 : months;
}

/**
 * The example state for the clock at `now` (default: the system clock): the bundled file
 * with every date moved by whole months so that `now` falls in the billing period it is
 * written for (so its subscription is active and started, and its usage, estimates and
 * portal answer, on any date). At `now` in 2025-03-15..2025-04-14 (the customer's time zone)
 * it is the file as written. Decoded once per number of months (the tests check it decodes).
 * `now` that is not a date (an invalid `Date`, a string `Date` cannot read) is a
 * programming error: a `RangeError` that says so.
 *
 * @example
 * exampleState(new Date('2025-03-20T12:00:00Z')).subscriptions[0]?.started_at // => '2025-01-15T10:00:00.000Z'
 * exampleState(new Date('2026-11-26T12:00:00Z')).subscriptions[0]?.started_at // => '2026-09-15T10:00:00.000Z'
 */
export function exampleState(now: Date | string = new Date()): ServerState {
  const instant = typeof now === 'string' ? new Date(now) : now;
  if (Number.isNaN(instant.getTime())) {
    throw new RangeError(`exampleState needs a valid date, got ${String(now)}.`);
  }
  return decoded(monthsTo(instant));
}
