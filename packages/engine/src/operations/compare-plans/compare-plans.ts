import type { Invoice, PlanOverrides } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  eventBatch,
  isEventBatch,
  type UsageEvent,
  type WithAsyncEvents,
  withBatchedEvents,
} from '../../aggregation/index';
import {
  type FeecastError,
  feecastError,
  isIterableObject,
  isRecord,
  orThrow,
  type Plain,
} from '../../core/index';
import type { PlanInput } from '../../inputs/index';
import type { PreviewInvoiceInput, PreviewSubscription } from '../preview-invoice/inputs';
import { previewInvoice } from '../preview-invoice/preview-invoice';
import { type PlanDifference, planDifferences } from './plan-differences';

/** A plan to compare, with the overrides the subscription would have on it. */
export interface ComparedPlanWithOverrides {
  readonly plan: PlanInput;
  readonly plan_overrides?: Plain<PlanOverrides> | null;
}

/** A plan to compare: a plan (a {@link PlanInput}; a wire `Plan` is one), or a plan with its overrides. */
export type ComparedPlan = PlanInput | ComparedPlanWithOverrides;

/**
 * The input of {@link comparePlans}: a `previewInvoice` input and the plans to price it on.
 * The subscription priced on each plan is `subscription`, else the first of `subscriptions`
 * (its own plan and `plan_overrides` are replaced by each compared plan's); the other entries
 * of `subscriptions` are billed unchanged on every preview.
 */
export interface ComparePlansInput extends Omit<PreviewInvoiceInput, 'subscriptions'> {
  /** The plans compared; the first is the baseline of the differences. */
  readonly plans: readonly ComparedPlan[];
  readonly subscription?: PreviewSubscription['subscription'];
  readonly subscriptions?: readonly PreviewSubscription[];
}

/**
 * One plan's preview.
 *
 * @inline
 */
export interface PlanPreview {
  readonly plan_code: string;
  /** The id of the plan billed (the override plan's when the plan carries overrides). */
  readonly svc_plan_id: string;
  /** The invoice the customer would get on that plan (see `previewInvoice`). */
  readonly invoice: Invoice;
}

/** The result of {@link comparePlans}. */
export interface PlanComparison {
  /** One invoice preview per plan, in the order of the plans. */
  readonly previews: readonly PlanPreview[];
  /** Per fee line (charges by billable metric code), the fees and the total: figures and deltas vs the first plan. */
  readonly differences: readonly PlanDifference[];
}

/** A compared plan as a plan with its overrides (none when it is a bare plan). */
export function withOverrides(entry: ComparedPlan): ComparedPlanWithOverrides {
  return isRecord(entry) && 'plan' in entry && isRecord(entry.plan)
    ? (entry as ComparedPlanWithOverrides)
    : { plan: entry as PlanInput };
}

/**
 * The what-if primitive (API.md "comparePlans"): the same customer, subscription and usage
 * events priced on several plans, one invoice preview per plan (`previewInvoice`, each plan
 * with its own overrides), and the differences per fee line (each usage charge by billable
 * metric code: units and amount per plan and their delta against the first plan; the
 * subscription fee, fixed charges, add-ons, commitment) and in total. The events are read
 * once. Coupons, credit notes and wallets start from the same state on every preview. A plan
 * that cannot be priced is a `Left` whose path names it (`['plans', '1', ...]`).
 *
 * @example
 * // Starter 551.91 + 110.38 VAT; Growth 455.64 + 91.13 VAT (examples/cli/README.md).
 * const comparison = comparePlans({
 *   plans: [plan, growth],
 *   customer, subscription, billableMetrics, events,
 *   taxes: { billing_entity: [vat20] },
 *   now: '2026-11-30T23:59:59Z',
 * });
 * comparison._tag === 'Right' && comparison.right.previews.map((p) => [p.plan_code, p.invoice.total_amount_cents])
 * // => [['starter', 66229], ['growth', 54677]]
 */
export function comparePlans(
  input: WithAsyncEvents<ComparePlansInput>,
): Promise<Either<FeecastError, PlanComparison>>;
export function comparePlans(input: ComparePlansInput): Either<FeecastError, PlanComparison>;
export function comparePlans(
  input: ComparePlansInput | WithAsyncEvents<ComparePlansInput>,
): Either<FeecastError, PlanComparison> | Promise<Either<FeecastError, PlanComparison>> {
  return withBatchedEvents(input, comparePlansNow);
}

/** {@link comparePlans} of events given as an iterable or a batch. */
function comparePlansNow(input: ComparePlansInput): Either<FeecastError, PlanComparison> {
  if (!isRecord(input)) {
    return left(
      feecastError(
        'invalid_input',
        'comparePlans expects an object { plans, customer, subscription (or subscriptions), billableMetrics, events, now, ... }.',
        [],
      ),
    );
  }
  const { plans, subscription, subscriptions, ...rest } = input;
  if (!Array.isArray(plans) || plans.length === 0) {
    return left(
      feecastError('invalid_input', 'plans must be a non-empty array of plans to compare.', [
        'plans',
      ]),
    );
  }
  const others = Array.isArray(subscriptions) ? subscriptions : [];
  const compared = subscription ?? others[0]?.subscription;
  if (!isRecord(compared)) {
    return left(
      feecastError(
        'invalid_input',
        'Give the subscription to price on each plan: subscription, or the first of subscriptions.',
        ['subscription'],
      ),
    );
  }
  const billedAlongside = others.filter((entry, i) =>
    subscription === undefined ? i > 0 : entry?.subscription?.svc_id !== compared.svc_id,
  );
  const events = materialized(rest.events);
  const previews: PlanPreview[] = [];
  for (const [i, entry] of plans.entries()) {
    const { plan, plan_overrides } = withOverrides(entry);
    const { plan_overrides: _own, ...bare } = compared;
    const priced = previewInvoice({
      ...rest,
      events,
      subscriptions: [
        {
          subscription:
            plan_overrides === undefined || plan_overrides === null
              ? bare
              : { ...bare, plan_overrides },
          plan,
        },
        ...billedAlongside,
      ],
    });
    if (isLeft(priced)) return left(underPlan(priced.left, i, entry !== plan));
    // The compared subscription is billed first: its period names the plan it is billed on.
    const period = priced.right.invoice.billing_periods[0];
    if (period === undefined) {
      return left(
        feecastError('invalid_input', `The preview on plan ${plan.code} bills no period.`, [
          'plans',
          String(i),
        ]),
      );
    }
    previews.push({
      plan_code: plan.code,
      svc_plan_id: period.svc_plan_id,
      invoice: priced.right.invoice,
    });
  }
  const differences = planDifferences(previews);
  if (isLeft(differences)) return differences;
  return right({ previews, differences: differences.right });
}

/**
 * {@link comparePlans} that throws an `Error` carrying the error's code and message (the
 * `FeecastError` as its `cause`) instead of returning a `Left`: for notebooks and scripts.
 *
 * @example
 * const { differences } = comparePlansUnsafe({
 *   plans: [plan, growth], customer, subscription, billableMetrics, events, now: '2026-11-30T23:59:59Z',
 * });
 * differences.at(-1) // ~> { kind: 'total', code: null }
 */
export function comparePlansUnsafe(input: ComparePlansInput): PlanComparison {
  return orThrow(comparePlans(input));
}

/**
 * The events in a form every preview can read again: an array or a columnar batch as given;
 * any other iterable (a generator, a stream of millions) read once into a columnar batch
 * (28 bytes per event and 4 per property key, plus distinct values and ids) instead of the
 * event objects, which
 * prices the same (see `eventBatch`); anything that is not iterable as given, for the
 * preview to report.
 * @internal
 */
export function materialized(events: Iterable<UsageEvent>): Iterable<UsageEvent> {
  if (Array.isArray(events) || isEventBatch(events) || !isIterableObject(events)) return events;
  const batch = eventBatch(events);
  return isRight(batch) ? batch.right : events;
}

/** An error of a preview, with the compared plan's path where it concerns the plan. */
function underPlan(error: FeecastError, index: number, withOverrides: boolean): FeecastError {
  const path = error.path ?? [];
  if (path[0] !== 'subscriptions' || path[1] !== '0') return error;
  const at = ['plans', String(index)];
  if (path[2] === 'plan') {
    return { ...error, path: [...at, ...(withOverrides ? ['plan'] : []), ...path.slice(3)] };
  }
  if (path[2] === 'subscription' && path[3] === 'plan_overrides') {
    return { ...error, path: [...at, ...path.slice(3)] };
  }
  if (path[2] === 'subscription') return { ...error, path: ['subscription', ...path.slice(3)] };
  return error;
}
