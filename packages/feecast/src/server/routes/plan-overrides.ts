/**
 * A subscription's own plan: the catalog plan with `plan_overrides` applied by the engine's
 * `applyPlanOverrides` (amounts, names, taxes, trial, minimum commitment, charges and fixed
 * charges by id, usage thresholds), with the server's ids and clock. The result is the
 * subscription's copy (`parent_id` = the catalog plan); overriding again updates that copy.
 * What is the server's own: the request checks the reference answers before any override
 * applies (negative amounts, a charge's model or metric changed), and the engine's errors as
 * the reference's answers (404 for an unknown charge, fixed charge or tax; 422 naming the
 * override's field).
 */
import type { FeecastError } from '@feecast/engine';
import { applyPlanOverrides } from '@feecast/engine/internal';
import type { DecodeProblem, Plan, PlanOverrides, Tax, UsageThresholdInput } from '@feecast/models';
import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import {
  type ApiErrorResponse,
  decodeFailure,
  invalidField,
  notFound,
  validationErrors,
} from '../http/api-error';
import type { StateDraft } from '../state/draft';
import { apiErrorOf } from './engine-error';

/** The state the overrides read: the organization's taxes, which `tax_codes` name. */
interface TaxState {
  readonly taxes: readonly Tax[];
}

/** What a subscription update changes of its plan. */
export interface PlanChanges {
  readonly overrides?: PlanOverrides | undefined;
  /** The subscription's `usage_thresholds`: they replace the plan's. */
  readonly usageThresholds?: readonly UsageThresholdInput[] | undefined;
}

/**
 * Every amount of `changes` below zero, as `value_is_out_of_range` (what `POST /add_ons`
 * answers for a negative amount): the plan's `amount_cents`, the minimum commitment's, each
 * charge's `min_amount_cents` and each usage threshold's `amount_cents`.
 */
function negativeAmounts(changes: PlanChanges): Record<string, string[]> {
  const overrides = changes.overrides ?? {};
  const amounts: [string, number | undefined][] = [
    ['plan_overrides.amount_cents', overrides.amount_cents],
    ['plan_overrides.minimum_commitment.amount_cents', overrides.minimum_commitment?.amount_cents],
  ];
  for (const [i, charge] of (overrides.charges ?? []).entries()) {
    amounts.push([`plan_overrides.charges[${i}].min_amount_cents`, charge.min_amount_cents]);
  }
  for (const [i, threshold] of (overrides.usage_thresholds ?? []).entries()) {
    amounts.push([`plan_overrides.usage_thresholds[${i}].amount_cents`, threshold.amount_cents]);
  }
  for (const [i, threshold] of (changes.usageThresholds ?? []).entries()) {
    amounts.push([`usage_thresholds[${i}].amount_cents`, threshold.amount_cents]);
  }
  const details: Record<string, string[]> = {};
  for (const [field, amount] of amounts) {
    if (amount !== undefined && amount < 0) details[field] = ['value_is_out_of_range'];
  }
  return details;
}

/**
 * The subscription's plan after `changes`: `current` is the plan it is billed on (the
 * catalog plan, or its own copy from an earlier override), `catalog` the catalog plan.
 * 422 `value_is_out_of_range` for each negative amount (checked first, all listed); 404 for
 * an unknown charge, fixed charge or tax code; 422 for properties that do not fit the
 * charge's model (the field names its path, e.g. `plan_overrides.charges[0].properties.amount`).
 *
 * @example
 * overriddenPlan(state, plan, plan, { overrides: { amount_cents: 10000 } }, draft);
 * // right({ ...plan, svc_id: <new id>, parent_id: plan.svc_id, amount_cents: 10000 })
 */
export function overriddenPlan(
  state: TaxState,
  current: Plan,
  catalog: Plan,
  changes: PlanChanges,
  draft: StateDraft,
): Either<ApiErrorResponse, Plan> {
  const negative = negativeAmounts(changes);
  if (Object.keys(negative).length > 0) return left(validationErrors(negative));
  const overrides = changes.overrides ?? {};
  const changed = changedCharge(current, overrides);
  if (changed !== undefined) return left(changed);
  const usageThresholds = changes.usageThresholds ?? overrides.usage_thresholds;
  const plan = applyPlanOverrides(
    current,
    usageThresholds === undefined
      ? overrides
      : { ...overrides, usage_thresholds: [...usageThresholds] },
    {
      taxes: [state.taxes],
      stamp: { newId: () => draft.newId(), now: draft.now },
      ...(current === catalog ? {} : { parent: catalog }),
    },
  );
  return isLeft(plan) ? left(overrideError(plan.left, current, overrides)) : plan;
}

/**
 * 422 `value_is_invalid` for a charge override that names another `charge_model` or
 * `billable_metric_id` than its charge's: an override changes a charge's pricing, not what
 * it prices.
 */
function changedCharge(plan: Plan, overrides: PlanOverrides): ApiErrorResponse | undefined {
  for (const [i, override] of (overrides.charges ?? []).entries()) {
    const charge = plan.charges.find((c) => c.svc_id === override.id);
    if (charge === undefined) continue;
    const at = `plan_overrides.charges[${i}]`;
    const model = 'charge_model' in override ? override.charge_model : undefined;
    if (model !== undefined && model !== charge.charge_model) {
      return invalidField(`${at}.charge_model`, 'value_is_invalid');
    }
    if (
      override.billable_metric_id !== undefined &&
      override.billable_metric_id !== charge.svc_billable_metric_id
    ) {
      return invalidField(`${at}.billable_metric_id`, 'value_is_invalid');
    }
  }
  return undefined;
}

/** The plan items an override names by id, by the key of `plan_overrides` that lists them. */
const ITEMS = {
  charges: { resource: 'charge', of: (plan: Plan) => plan.charges },
  fixed_charges: { resource: 'fixed_charge', of: (plan: Plan) => plan.fixed_charges ?? [] },
} as const;

function isItemKey(key: string | undefined): key is keyof typeof ITEMS {
  return key === 'charges' || key === 'fixed_charges';
}

/** The reason the engine gives for an item override it refuses (`details.reason`). */
function reasonOf(error: FeecastError): unknown {
  const details = error.details;
  return typeof details === 'object' && details !== null && 'reason' in details
    ? details.reason
    : undefined;
}

/** The decoding problems of an overridden plan that does not decode (`details.problems`). */
function problemsOf(error: FeecastError): readonly DecodeProblem[] | undefined {
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('problems' in details)) return undefined;
  const problems = details.problems;
  return Array.isArray(problems) ? problems : undefined;
}

/**
 * A problem's path in the overridden plan (`charges[3].properties.amount`) as the request's
 * field (`plan_overrides.charges[0].properties.amount`: the override of that charge).
 */
function requestField(path: string, plan: Plan, overrides: PlanOverrides): string {
  const match = /^(charges|fixed_charges)\[(\d+)\](.*)$/.exec(path);
  const key = match?.[1];
  if (match === null || !isItemKey(key)) return `plan_overrides.${path}`.replace('.$', '');
  const item = ITEMS[key].of(plan)[Number(match[2])];
  const index = (overrides[key] ?? []).findIndex((o) => o.id === item?.svc_id);
  return `plan_overrides.${key}[${index}]${match[3] ?? ''}`;
}

/**
 * The engine's refusal as the reference answers it: 404 for an unknown tax code or item id,
 * 422 `value_is_mandatory` for an override without id, 422 naming the override's field for
 * an overridden item that does not decode, else the engine error's usual answer.
 */
function overrideError(
  error: FeecastError,
  plan: Plan,
  overrides: PlanOverrides,
): ApiErrorResponse {
  if (error.code === 'unknown_tax_code') return notFound('tax');
  const [root, key, index] = error.path ?? [];
  if (root === 'plan_overrides' && isItemKey(key)) {
    const field = `plan_overrides.${key}[${index}].id`;
    const reason = reasonOf(error);
    if (reason === 'unknown_id') return notFound(ITEMS[key].resource);
    if (reason === 'missing_id') return invalidField(field, 'value_is_mandatory');
    if (reason === 'duplicate_id') return invalidField(field, 'value_is_invalid');
  }
  const problems = problemsOf(error);
  if (root === 'plan' && problems !== undefined) {
    return decodeFailure({
      message: error.message,
      problems: problems.map((problem) => ({
        ...problem,
        path: requestField(problem.path, plan, overrides),
      })),
    });
  }
  return apiErrorOf(error);
}
