import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { INTERVAL_RULES, isPlanInterval, PLAN_INTERVALS } from './interval-rules';

/** A change of plan: to a plan worth as much or more a year, or to one worth less. */
export type PlanChangeKind = 'upgrade' | 'downgrade';

/** The fields of a plan that tell an upgrade from a downgrade. */
export interface PlanWorth {
  readonly interval?: unknown;
  readonly amount_cents?: unknown;
}

/** The plan's yearly amount in cents (the reference's `yearly_amount_cents`), exact. */
function yearlyAmount(plan: PlanWorth, path: readonly string[]): Either<FeecastError, bigint> {
  const { interval, amount_cents: amount } = plan;
  if (!isPlanInterval(interval)) {
    return left(
      feecastError(
        'invalid_input',
        `${[...path, 'interval'].join('.')} must be one of ${PLAN_INTERVALS.join(', ')}.`,
        [...path, 'interval'],
        { value: interval },
      ),
    );
  }
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    return left(
      feecastError(
        'invalid_input',
        `${[...path, 'amount_cents'].join('.')} must be an integer number of cents to tell an upgrade from a downgrade.`,
        [...path, 'amount_cents'],
        { value: amount },
      ),
    );
  }
  return right(BigInt(amount) * BigInt(INTERVAL_RULES[interval].perYear));
}

/**
 * Whether moving from plan `current` to plan `next` is an upgrade or a downgrade, by the
 * reference's rule (invoicing.md §8, periods.md §4.2): an upgrade when the next plan's yearly
 * amount (`amount_cents` × periods per year: 52 weekly, 12 monthly, 4 quarterly, 2
 * semiannual, 1 yearly) is at least the current one's, so a switch at an equal price is an
 * upgrade; a downgrade otherwise. Compared exactly, in integers. `paths` place the errors.
 *
 * @example
 * planChangeKind({ interval: 'monthly', amount_cents: 1000 }, { interval: 'yearly', amount_cents: 11000 })
 * // right('downgrade'): 110.00 a year is less than 12 x 10.00
 */
export function planChangeKind(
  current: PlanWorth,
  next: PlanWorth,
  paths: { readonly plan: readonly string[]; readonly next: readonly string[] } = {
    plan: ['plan'],
    next: ['newPlan'],
  },
): Either<FeecastError, PlanChangeKind> {
  const from = yearlyAmount(current, paths.plan);
  if (isLeft(from)) return from;
  const to = yearlyAmount(next, paths.next);
  if (isLeft(to)) return to;
  return right(to.right >= from.right ? 'upgrade' : 'downgrade');
}
