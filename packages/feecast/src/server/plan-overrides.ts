/**
 * A subscription's own plan: the catalog plan with `plan_overrides` applied (amounts,
 * names, taxes, trial, minimum commitment, charges and fixed charges by id, usage
 * thresholds). The result is the subscription's copy (`parent_id` = the catalog plan);
 * overriding again updates that copy. Every overridden charge is checked against its
 * charge model with the models' codecs.
 */
import {
  Charge,
  decode,
  FixedCharge,
  type MinimumCommitment,
  type Plan,
  type PlanOverrides,
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
} from './api-error';
import { defined } from './defined';
import type { StateDraft } from './draft';
import { taxesByCode } from './lookup';

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

type Charges = Plan['charges'];

function overrideCharges(
  state: Parameters<typeof taxesByCode>[0],
  charges: Charges,
  overrides: NonNullable<PlanOverrides['charges']>,
): Either<ApiErrorResponse, Charges> {
  let result = [...charges];
  for (const [i, override] of overrides.entries()) {
    const at = `plan_overrides.charges[${i}]`;
    if (override.id === undefined) return left(invalidField(`${at}.id`, 'value_is_mandatory'));
    const charge = result.find((c) => c.svc_id === override.id);
    if (charge === undefined) return left(notFound('charge'));
    const model = 'charge_model' in override ? override.charge_model : undefined;
    if (model !== undefined && model !== charge.charge_model) {
      return left(invalidField(`${at}.charge_model`, 'value_is_invalid'));
    }
    if (
      override.billable_metric_id !== undefined &&
      override.billable_metric_id !== charge.svc_billable_metric_id
    ) {
      return left(invalidField(`${at}.billable_metric_id`, 'value_is_invalid'));
    }
    const taxes =
      override.tax_codes === undefined ? undefined : taxesByCode(state, override.tax_codes);
    if (taxes !== undefined && isLeft(taxes)) return taxes;
    const candidate: unknown = {
      ...charge,
      ...defined({
        invoice_display_name: override.invoice_display_name,
        min_amount_cents: override.min_amount_cents,
        properties: override.properties,
        taxes: taxes?.right,
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
    };
    const checked = decode(Charge, candidate);
    if (isLeft(checked)) return left(prefixed(decodeFailure(checked.left), at));
    const next = checked.right;
    result = result.map((c) => (c === charge ? next : c));
  }
  return right(result);
}

type FixedCharges = NonNullable<Plan['fixed_charges']>;

function overrideFixedCharges(
  state: Parameters<typeof taxesByCode>[0],
  fixedCharges: FixedCharges,
  overrides: NonNullable<PlanOverrides['fixed_charges']>,
): Either<ApiErrorResponse, FixedCharges> {
  let result = [...fixedCharges];
  for (const [i, override] of overrides.entries()) {
    const at = `plan_overrides.fixed_charges[${i}]`;
    const fixedCharge = result.find((c) => c.svc_id === override.id);
    if (fixedCharge === undefined) return left(notFound('fixed_charge'));
    const taxes =
      override.tax_codes === undefined ? undefined : taxesByCode(state, override.tax_codes);
    if (taxes !== undefined && isLeft(taxes)) return taxes;
    const checked = decode(FixedCharge, {
      ...fixedCharge,
      ...defined({
        invoice_display_name: override.invoice_display_name,
        units: override.units,
        properties: override.properties,
        taxes: taxes?.right,
      }),
    });
    if (isLeft(checked)) return left(prefixed(decodeFailure(checked.left), at));
    const next = checked.right;
    result = result.map((c) => (c === fixedCharge ? next : c));
  }
  return right(result);
}

/** What a subscription update changes of its plan. */
export interface PlanChanges {
  readonly overrides?: PlanOverrides | undefined;
  /** The subscription's `usage_thresholds`: they replace the plan's. */
  readonly usageThresholds?: readonly UsageThresholdInput[] | undefined;
}

/**
 * The subscription's plan after `changes`: `current` is the plan it is billed on (the
 * catalog plan, or its own copy from an earlier override), `catalog` the catalog plan.
 * 404 for an unknown charge, fixed charge or tax code; 422 for properties that do not fit
 * the charge's model (the field names its path, e.g. `plan_overrides.charges[0].properties.amount`).
 *
 * @example
 * overriddenPlan(state, plan, plan, { overrides: { amount_cents: 10000 } }, draft);
 * // right({ ...plan, svc_id: <new id>, parent_id: plan.svc_id, amount_cents: 10000 })
 */
export function overriddenPlan(
  state: Parameters<typeof taxesByCode>[0],
  current: Plan,
  catalog: Plan,
  changes: PlanChanges,
  draft: StateDraft,
): Either<ApiErrorResponse, Plan> {
  const overrides = changes.overrides ?? {};
  const taxes =
    overrides.tax_codes === undefined ? undefined : taxesByCode(state, overrides.tax_codes);
  if (taxes !== undefined && isLeft(taxes)) return taxes;
  const charges =
    overrides.charges === undefined
      ? right(current.charges)
      : overrideCharges(state, current.charges, overrides.charges);
  if (isLeft(charges)) return charges;
  const fixedCharges =
    overrides.fixed_charges === undefined
      ? right(current.fixed_charges)
      : overrideFixedCharges(state, current.fixed_charges ?? [], overrides.fixed_charges);
  if (isLeft(fixedCharges)) return fixedCharges;
  const commitmentTaxes =
    overrides.minimum_commitment?.tax_codes === undefined
      ? undefined
      : taxesByCode(state, overrides.minimum_commitment.tax_codes);
  if (commitmentTaxes !== undefined && isLeft(commitmentTaxes)) return commitmentTaxes;
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
      taxes: taxes?.right,
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
            minimum_commitment: commitment(current, commitmentInput, draft, commitmentTaxes?.right),
          };
  const metadata = overrides.metadata === undefined ? oldMetadata : overrides.metadata;
  return right(
    metadata === undefined || metadata === null || Object.keys(metadata).length === 0
      ? withCommitment
      : { ...withCommitment, metadata },
  );
}
