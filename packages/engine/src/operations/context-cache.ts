import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  addDays,
  type FeecastError,
  formatInstant,
  type Instant,
  localDate,
  parseInstant,
  startOfLocalDay,
  timestampInstant,
  timeZone,
} from '../core/index';
import {
  type ActivityRule,
  type CheckedContext,
  contextAt,
  type ReadOperation,
} from './operation-context';
import { inactivity } from './subscription-activity';

/** A context computed for some `now`, and the instants that share its period and day. */
interface Remembered {
  readonly context: CheckedContext;
  /** The first instant that has the same context (but `now`). */
  readonly from: Instant;
  /** The last instant that has the same context (but `now`). */
  readonly to: Instant;
}

/** The span of instants sharing `context`: its local day of `now`, within the charges period. */
function remember(context: CheckedContext): Remembered | undefined {
  const zone = timeZone(context.timezone, []);
  if (isLeft(zone)) return undefined;
  const day = localDate(zone.right, context.now);
  const bounds = [
    context.period.charges_from_datetime,
    context.period.charges_to_datetime,
    context.period.from_datetime,
    context.period.to_datetime,
  ].map(timestampInstant);
  const [chargesFrom, chargesTo, from, to] = bounds;
  if (
    chargesFrom === undefined ||
    chargesTo === undefined ||
    from === undefined ||
    to === undefined
  ) {
    return undefined;
  }
  return {
    context,
    from: Math.max(startOfLocalDay(zone.right, day), chargesFrom, from),
    to: Math.min(startOfLocalDay(zone.right, addDays(day, 1)) - 1, chargesTo, to),
  };
}

/**
 * `contextAt` for one input checked once, for operations that run at many instants (a
 * prepared estimator): the period and issuing date of the last `now` are reused for any later
 * `now` of the same local day inside that period, where `billingPeriod` gives the same
 * answer; `now` is parsed and the subscription's activity checked on every call but one that gives
 * the same text as the last (a pinned clock): its context is given again.
 *
 * @example
 * const at = createContextCache({ customer, subscription, plan, billableMetrics }, rule);
 * at('2025-03-02T10:00:00Z') // computes the period
 * at('2025-03-02T11:00:00Z') // the same period, `now` and `nowText` of this call
 * @internal
 */
export function createContextCache(
  input: ReadOperation,
  activity: ActivityRule,
): (now: unknown) => Either<FeecastError, CheckedContext> {
  let last: Remembered | undefined;
  /** The last `now` asked within `last`, and its context: the same text answers the same. */
  let same: { readonly text: string; readonly context: CheckedContext } | undefined;
  return (nowValue) => {
    if (same !== undefined && nowValue === same.text) return right(same.context);
    same = undefined;
    if (last !== undefined) {
      const now = parseInstant(nowValue, ['now']);
      if (isLeft(now)) return now;
      if (now.right >= last.from && now.right <= last.to) {
        const inactive = inactivity(input.subscription, now.right, activity.status);
        if (inactive !== undefined) return left(activity.error(inactive));
        const context = { ...last.context, now: now.right, nowText: formatInstant(now.right) };
        same = { text: nowValue as string, context };
        return right(context);
      }
    }
    const context = contextAt(input, nowValue, activity);
    if (isRight(context)) last = remember(context.right);
    return context;
  };
}
