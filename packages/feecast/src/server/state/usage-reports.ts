/**
 * The answers of current and projected usage, kept per subscription until something they read
 * changes, so that reading usage again between two changes costs a look-up, not a pricing.
 *
 * An answer is kept with what it was computed from, and given again only while all of it is the
 * same: the objects it read, by identity (the operation, the customer, the plan, overrides
 * applied, the billable metrics, the taxes and the subscription's list of stored events: the
 * state's objects never change, a change makes another), the number of stored events of the
 * subscription (its list grows in place as events are stored, see event-index.ts), what was
 * asked (current or projected, with or without taxes), and the clock's quarter of an hour.
 *
 * Why a quarter of an hour stands for `now`: a usage answer reads `now` only through the charges
 * period containing it and its local day in the customer's zone (the days elapsed, the issuing
 * date), and through whether the subscription is active (`started_at` <= now <= `terminated_at`).
 * Every time zone's offset is a whole number of quarters of an hour, so local days and periods
 * start on a quarter of an hour of UTC, and two instants of the same quarter share their day and
 * period. When the subscription starts or ends inside the quarter, the exact `now` is the key.
 */
import type { Subscription } from '@feecast/models';
import { epochMs } from './instant';

/** A quarter of an hour, in milliseconds. */
const QUARTER_MS = 15 * 60 * 1000;

/** What an answer was computed from. */
export interface ReportInputs {
  /** What was asked: `current`, `projected`, with or without taxes. */
  readonly question: string;
  readonly subscription: Subscription;
  /** The objects read, compared by identity (the list of stored events among them). */
  readonly reads: readonly unknown[];
  /** How many stored events the subscription had. */
  readonly events: number;
  readonly now: string;
}

interface Kept {
  readonly reads: readonly unknown[];
  readonly events: number;
  readonly span: string;
  readonly answer: unknown;
}

/** By subscription object (a changed subscription is another object), then by question. */
const kept = new WeakMap<Subscription, Map<string, Kept>>();

/**
 * The span of clock readings that share `now`'s answers for `subscription`: its quarter of an
 * hour, or `now` itself when the subscription starts or ends inside that quarter.
 *
 * @example
 * clockSpan('2025-03-20T12:07:00Z', subscription); // 'q:1936080' (12:00 to 12:15)
 */
export function clockSpan(now: string, subscription: Subscription): string {
  const quarter = Math.floor(epochMs(now) / QUARTER_MS);
  for (const bound of [subscription.started_at, subscription.terminated_at]) {
    if (bound === null || bound === undefined) continue;
    const ms = epochMs(bound);
    if (Math.floor(ms / QUARTER_MS) === quarter) return `at:${now}`;
  }
  return Number.isFinite(quarter) ? `q:${quarter}` : `at:${now}`;
}

function sameReads(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The answer kept for `inputs`, or `compute()`'s, kept for the next time (the last answer of
 * each question per subscription).
 *
 * @example
 * preparedReport({ question: 'current:taxes', subscription, reads: [plan, events], events: events.length, now }, () => currentUsage(input));
 */
export function preparedReport<A>(inputs: ReportInputs, compute: () => A): A {
  const span = clockSpan(inputs.now, inputs.subscription);
  let questions = kept.get(inputs.subscription);
  const known = questions?.get(inputs.question);
  if (
    known !== undefined &&
    known.span === span &&
    known.events === inputs.events &&
    sameReads(known.reads, inputs.reads)
  ) {
    return known.answer as A;
  }
  const answer = compute();
  if (questions === undefined) {
    questions = new Map();
    kept.set(inputs.subscription, questions);
  }
  questions.set(inputs.question, { reads: inputs.reads, events: inputs.events, span, answer });
  return answer;
}
