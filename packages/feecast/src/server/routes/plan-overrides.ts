/**
 * A subscription's own plan: the catalog plan with `plan_overrides` applied (amounts,
 * names, taxes, trial, minimum commitment, charges and fixed charges by id, usage
 * thresholds). The result is the subscription's copy (`parent_id` = the catalog plan);
 * overriding again updates that copy. Every overridden charge is checked against its
 * charge model with the models' codecs.
 */
import {
  Charge,
  type ChargeOverride,
  decode,
  FixedCharge,
  type FixedChargeOverride,
  type MinimumCommitment,
  type Plan,
  type PlanOverrides,
  type Tax,
  type UsageThreshold,
  type UsageThresholdInput,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type ApiErrorResponse,
  decodeFailure,
  invalidField,
  notFound,
  validationErrors,
} from '../http/api-error';
import { defined } from '../state/defined';
import type { StateDraft } from '../state/draft';
import { taxesByCode } from '../state/lookup';

function prefixed(error: ApiErrorResponse, prefix: string): ApiErrorResponse {
  const details = (error.error_details ?? {}) as Record<string, readonly string[]>;
  const renamed: Record<string, readonly string[]> = {};
  for (const [field, codes] of Object.entries(details)) {
    Object.defineProperty(renamed, `${prefix}.${field}`.replace('.$', ''), {
      value: codes,
      enumerable: true,
    });
  }
  return validationErrors(renamed);
}

function thresholds(inputs: readonly UsageThresholdInput[], draft: StateDraft): UsageThreshold[] {
  return inputs.map((input) => ({
    svc_id: draft.newId(),
    threshold_display_name: input.threshold_display_name ?? null,
    amount_cents: input.amount_cents,
    recurring: input.recurring ?? false,
    created_at: draft.now,
    updated_at: draft.now,
  }));
}

function commitment(
  plan: Plan,
  input: NonNullable<PlanOverrides['minimum_commitment']>,
  draft: StateDraft,
  taxes: MinimumCommitment['taxes'] | undefined,
): MinimumCommitment {
  const existing = plan.minimum_commitment ?? undefined;
  return {
    svc_id: existing?.svc_id ?? draft.newId(),
    plan_code: plan.code,
    amount_cents: input.amount_cents,
    invoice_display_name:
      input.invoice_display_name === undefined
        ? (existing?.invoice_display_name ?? null)
        : input.invoice_display_name,
    interval: plan.interval ?? 'monthly',
    created_at: existing?.created_at ?? draft.now,
    updated_at: draft.now,
    taxes: taxes ?? existing?.taxes ?? [],
  };
}

type TaxState = Parameters<typeof taxesByCode>[0];

/** The taxes of `codes` when given (404 `tax_not_found` for an unknown one), else `undefined`. */
function optionalTaxes(
  state: TaxState,
  codes: readonly string[] | undefined,
): Either<ApiErrorResponse, Tax[] | undefined> {
  return codes === undefined ? right(undefined) : taxesByCode(state, codes);
}

/** How the overrides of one kind of plan item (charges, fixed charges) apply. */
interface ItemOverrides<Item, Override> {
  /** The key of `plan_overrides` (`charges`), for the paths of errors. */
  readonly key: string;
  /** The resource of the 404 for an id the plan does not have (`charge`). */
  readonly resource: string;
  /** The item's codec: an overridden item must still decode. */
  readonly codec: Parameters<typeof decode<Item>>[0];
  /** A 422 for an override that does not fit its item (checked before its taxes). */
  readonly check?: (item: Item, override: Override, at: string) => ApiErrorResponse | undefined;
  /** The item with the override (and its taxes, when it gives tax codes) applied. */
  readonly merge: (item: Item, override: Override, taxes: Tax[] | undefined) => unknown;
}

/**
 * `items` with `overrides` applied in order, each to the item whose `svc_id` is its `id`:
 * 422 `value_is_mandatory` without an id, 404 for an id the plan does not have or an unknown
 * tax code, 422 for an overridden item that does not decode (the field names its path).
 */
function overrideItems<
  Item extends { readonly svc_id: string },
  Override extends { readonly id?: string; readonly tax_codes?: readonly string[] },
>(
  state: TaxState,
  items: readonly Item[],
  overrides: readonly Override[],
  how: ItemOverrides<Item, Override>,
): Either<ApiErrorResponse, Item[]> {
  let result = [...items];
  for (const [i, override] of overrides.entries()) {
    const at = `plan_overrides.${how.key}[${i}]`;
    if (override.id === undefined) return left(invalidField(`${at}.id`, 'value_is_mandatory'));
    const item = result.find((c) => c.svc_id === override.id);
    if (item === undefined) return left(notFound(how.resource));
    const problem = how.check?.(item, override, at);
    if (problem !== undefined) return left(problem);
    const taxes = optionalTaxes(state, override.tax_codes);
    if (isLeft(taxes)) return taxes;
    const checked = decode(how.codec, how.merge(item, override, taxes.right));
    if (isLeft(checked)) return left(prefixed(decodeFailure(checked.left), at));
    const next = checked.right;
    result = result.map((c) => (c === item ? next : c));
  }
  return right(result);
}

const CHARGE_OVERRIDES: ItemOverrides<Plan['charges'][number], ChargeOverride> = {
  key: 'charges',
  resource: 'charge',
  codec: Charge,
  check: (charge, override, at) => {
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
    return undefined;
  },
  merge: (charge, override, taxes) => ({
    ...charge,
    ...defined({
      invoice_display_name: override.invoice_display_name,
      min_amount_cents: override.min_amount_cents,
      properties: override.properties,
      taxes,
      applied_pricing_unit:
        override.applied_pricing_unit?.conversion_rate === undefined
          ? undefined
          : {
              code: charge.applied_pricing_unit?.code ?? '',
              conversion_rate: override.applied_pricing_unit.conversion_rate,
            },
      filters: override.filters?.map((filter) => ({
        invoice_display_name: filter.invoice_display_name ?? null,
        properties: filter.properties,
        values: filter.values,
      })),
    }),
  }),
};

const FIXED_CHARGE_OVERRIDES: ItemOverrides<FixedCharge, FixedChargeOverride> = {
  key: 'fixed_charges',
  resource: 'fixed_charge',
  codec: FixedCharge,
  merge: (fixedCharge, override, taxes) => ({
    ...fixedCharge,
    ...defined({
      invoice_display_name: override.invoice_display_name,
      units: override.units,
      properties: override.properties,
      taxes,
    }),
  }),
};

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
  const taxes = optionalTaxes(state, overrides.tax_codes);
  if (isLeft(taxes)) return taxes;
  const charges =
    overrides.charges === undefined
      ? right(current.charges)
      : overrideItems(state, current.charges, overrides.charges, CHARGE_OVERRIDES);
  if (isLeft(charges)) return charges;
  const fixedCharges =
    overrides.fixed_charges === undefined
      ? right(current.fixed_charges)
      : overrideItems(
          state,
          current.fixed_charges ?? [],
          overrides.fixed_charges,
          FIXED_CHARGE_OVERRIDES,
        );
  if (isLeft(fixedCharges)) return fixedCharges;
  const commitmentTaxes = optionalTaxes(state, overrides.minimum_commitment?.tax_codes);
  if (isLeft(commitmentTaxes)) return commitmentTaxes;
  const usageThresholds = changes.usageThresholds ?? overrides.usage_thresholds;
  const isCopy = current !== catalog;
  const { minimum_commitment: oldCommitment, metadata: oldMetadata, ...rest } = current;
  const next: Plan = {
    ...rest,
    ...defined({
      amount_cents: overrides.amount_cents,
      amount_currency: overrides.amount_currency,
      description: overrides.description,
      invoice_display_name: overrides.invoice_display_name,
      name: overrides.name,
      trial_period: overrides.trial_period,
      taxes: taxes.right,
      fixed_charges: fixedCharges.right,
      usage_thresholds:
        usageThresholds === undefined ? undefined : thresholds(usageThresholds, draft),
    }),
    charges: charges.right,
    svc_id: isCopy ? current.svc_id : draft.newId(),
    parent_id: catalog.svc_id,
    created_at: isCopy ? current.created_at : draft.now,
  };
  const commitmentInput = overrides.minimum_commitment;
  const withCommitment =
    commitmentInput === undefined
      ? oldCommitment === undefined
        ? next
        : { ...next, minimum_commitment: oldCommitment }
      : commitmentInput === null
        ? next
        : {
            ...next,
            minimum_commitment: commitment(current, commitmentInput, draft, commitmentTaxes.right),
          };
  const metadata = overrides.metadata === undefined ? oldMetadata : overrides.metadata;
  return right(
    metadata === undefined || metadata === null || Object.keys(metadata).length === 0
      ? withCommitment
      : { ...withCommitment, metadata },
  );
}
