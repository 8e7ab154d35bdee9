import {
  type ChargeOverride,
  decode,
  type FixedChargeOverride,
  Plan,
  type PlanOverrides,
} from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import { decodePath, derivedId, type FeecastError, feecastError } from '../../core/index';
import { overrideItems } from './item-overrides';
import { type KnownTaxList, knownTaxes, taxesOfCodes } from './tax-codes';

/** Options of {@link applyPlanOverrides}. */
export interface PlanOverridesOptions {
  /**
   * Taxes the overrides' `tax_codes` may name besides those the plan already carries (its
   * own, its charges', fixed charges' and commitment's): e.g. the organization's taxes.
   */
  readonly taxes?: readonly KnownTaxList[];
  /** Where the overrides sit in the caller's input, for error paths (default `['plan_overrides']`). */
  readonly path?: readonly string[];
  /** Where the plan sits in the caller's input, for error paths (default `['plan']`). */
  readonly planPath?: readonly string[];
  /**
   * How the overridden plan and what the overrides create (a minimum commitment, usage
   * thresholds) are identified and dated: `newId()` gives each a new id and `now` is the time
   * of the change (their `created_at`, the commitment's `updated_at`). Default: ids derived
   * from the plan and the overrides, dates the plan's `created_at` (the same input gives the
   * same plan).
   */
  readonly stamp?: { readonly newId: () => string; readonly now: string };
  /**
   * The catalog plan, when `plan` is already the subscription's own copy (the result of an
   * earlier override): the copy is updated, keeping its id and `created_at`, and its parent
   * stays `parent`.
   */
  readonly parent?: Plan;
}

/** The plan fields an override replaces as they are. */
const PLAIN_FIELDS = [
  'amount_cents',
  'amount_currency',
  'description',
  'invoice_display_name',
  'name',
  'trial_period',
] as const;

/**
 * The plan a subscription is billed on once its `plan_overrides` apply (spec.md,
 * `PUT /subscriptions`): the overridden amount, currency, names, description and trial
 * period; the plan's taxes from `tax_codes`; its minimum commitment's amount, name and taxes
 * (a commitment is created when the plan had none); its usage thresholds and metadata; and,
 * by id, its charges (model, properties, filters, display name, minimum, taxes, pricing-unit
 * rate) and fixed charges (display name, units, properties, taxes). The result is a plan of
 * its own, as the reference creates a child plan: a new `svc_id` derived from the plan and the
 * overrides, `parent_id` the plan's id, the same `code` (coupons limited to the plan still
 * apply) and the same charge and fixed-charge ids (so fees and progressive-billing invoices
 * still match them); `options.stamp` and `options.parent` give a caller's own ids, clock and
 * copy instead. A `minimum_commitment` of `null` removes the plan's commitment, a `metadata`
 * of `null` or `{}` its metadata. It is checked with the `Plan` codec: properties that do not
 * fit their charge model are a `Left`. Without overrides, the plan itself comes back.
 *
 * @example
 * applyPlanOverrides(plan, { amount_cents: 4900, charges: [{ id: apiCharge.svc_id, properties: { amount: '0.02' } }] })
 * // right({ ...plan, svc_id: '…', parent_id: plan.svc_id, amount_cents: 4900, charges: [{ ...apiCharge, properties: { amount: '0.02' } }] })
 */
export function applyPlanOverrides(
  plan: Plan,
  overrides: PlanOverrides | null | undefined,
  options: PlanOverridesOptions = {},
): Either<FeecastError, Plan> {
  if (overrides === undefined || overrides === null) return right(plan);
  const path = options.path ?? ['plan_overrides'];
  const known = knownTaxes([
    ...(options.taxes ?? []),
    plan.taxes,
    ...plan.charges.map((charge) => charge.taxes),
    ...(plan.fixed_charges ?? []).map((fixed) => fixed.taxes),
    plan.minimum_commitment?.taxes,
  ]);
  const { stamp, parent } = options;
  const { minimum_commitment: _commitment, metadata: _metadata, ...kept } = plan;
  const out: Record<string, unknown> = {
    ...kept,
    svc_id:
      parent !== undefined
        ? plan.svc_id
        : (stamp?.newId() ??
          derivedId('plan', plan.svc_id, 'overrides', JSON.stringify(overrides))),
    parent_id: parent?.svc_id ?? plan.svc_id,
    created_at: parent === undefined && stamp !== undefined ? stamp.now : plan.created_at,
  };
  for (const field of PLAIN_FIELDS) {
    if (overrides[field] !== undefined) out[field] = overrides[field];
  }
  if (overrides.tax_codes !== undefined) {
    const taxes = taxesOfCodes(overrides.tax_codes, known, [...path, 'tax_codes']);
    if (isLeft(taxes)) return taxes;
    out.taxes = taxes.right;
  }
  if (overrides.charges !== undefined) {
    const charges = overrideItems(
      plan.charges,
      overrides.charges,
      known,
      [...path, 'charges'],
      'charge',
      overrideCharge,
    );
    if (isLeft(charges)) return charges;
    out.charges = charges.right;
  }
  if (overrides.fixed_charges !== undefined) {
    const fixed = overrideItems(
      plan.fixed_charges ?? [],
      overrides.fixed_charges,
      known,
      [...path, 'fixed_charges'],
      'fixed charge',
      (item, override) => right(overrideFixedCharge(item, override)),
    );
    if (isLeft(fixed)) return fixed;
    out.fixed_charges = fixed.right;
  }
  const commitment = overrideCommitment(plan, overrides, known, path, stamp);
  if (isLeft(commitment)) return commitment;
  if (commitment.right !== undefined) out.minimum_commitment = commitment.right;
  if (overrides.usage_thresholds !== undefined) {
    const created = stamp?.now ?? plan.created_at;
    out.usage_thresholds = overrides.usage_thresholds.map((threshold, i) => ({
      svc_id: stamp?.newId() ?? derivedId('usage_threshold', String(out.svc_id), String(i)),
      threshold_display_name: threshold.threshold_display_name ?? null,
      amount_cents: threshold.amount_cents,
      recurring: threshold.recurring ?? false,
      created_at: created,
      updated_at: created,
    }));
  }
  const metadata = overrides.metadata === undefined ? plan.metadata : overrides.metadata;
  if (metadata !== undefined && metadata !== null && Object.keys(metadata).length > 0) {
    out.metadata = metadata;
  }
  const decoded = decode(Plan, out);
  if (isRight(decoded)) return right(decoded.right);
  const [first] = decoded.left.problems;
  return left(
    feecastError(
      'invalid_input',
      `The plan ${plan.code} with its plan_overrides is not a valid plan: ${decoded.left.message}`,
      [...(options.planPath ?? ['plan']), ...decodePath(first?.path ?? '$')],
      { problems: decoded.left.problems },
    ),
  );
}

/** A charge with the fields its override sets (model, properties, filters, names, minimum, rate). */
function overrideCharge(
  charge: Plan['charges'][number],
  override: ChargeOverride,
  path: readonly string[],
): Either<FeecastError, object> {
  const out: Record<string, unknown> = { ...charge };
  if ('charge_model' in override && override.charge_model !== undefined) {
    out.charge_model = override.charge_model;
  }
  if (override.invoice_display_name !== undefined) {
    out.invoice_display_name = override.invoice_display_name;
  }
  if (override.min_amount_cents !== undefined) out.min_amount_cents = override.min_amount_cents;
  if (override.properties !== undefined) out.properties = override.properties;
  if (override.filters !== undefined) {
    out.filters = override.filters.map((filter) => ({
      invoice_display_name: filter.invoice_display_name ?? null,
      properties: filter.properties,
      values: filter.values,
    }));
  }
  const rate = override.applied_pricing_unit?.conversion_rate;
  if (rate !== undefined) {
    const unit = charge.applied_pricing_unit;
    if (unit === undefined || unit === null) {
      return left(
        feecastError(
          'invalid_input',
          `The charge ${charge.svc_id} has no pricing unit, so its conversion_rate cannot be overridden; remove applied_pricing_unit from the override.`,
          [...path, 'applied_pricing_unit', 'conversion_rate'],
        ),
      );
    }
    out.applied_pricing_unit = { ...unit, conversion_rate: rate };
  }
  return right(out);
}

/** A fixed charge with the fields its override sets (display name, units, properties). */
function overrideFixedCharge(
  fixed: NonNullable<Plan['fixed_charges']>[number],
  override: FixedChargeOverride,
): object {
  return {
    ...fixed,
    ...(override.invoice_display_name === undefined
      ? {}
      : { invoice_display_name: override.invoice_display_name }),
    ...(override.units === undefined ? {} : { units: override.units }),
    ...(override.properties === undefined ? {} : { properties: override.properties }),
  };
}

/**
 * The plan's minimum commitment with its override (created when the plan had none): the
 * plan's own without an override, none for a `null` override.
 */
function overrideCommitment(
  plan: Plan,
  overrides: PlanOverrides,
  known: ReadonlyMap<string, Plan['taxes'][number]>,
  path: readonly string[],
  stamp: PlanOverridesOptions['stamp'],
): Either<FeecastError, object | null | undefined> {
  const override = overrides.minimum_commitment;
  if (override === undefined) return right(plan.minimum_commitment);
  if (override === null) return right(undefined);
  const at = [...path, 'minimum_commitment'];
  const existing = plan.minimum_commitment;
  if ((existing === undefined || existing === null) && plan.interval === null) {
    return left(
      feecastError(
        'invalid_input',
        `The plan ${plan.code} has no interval, so a minimum commitment cannot be added to it.`,
        at,
      ),
    );
  }
  const base = existing ?? {
    svc_id: stamp?.newId() ?? derivedId('minimum_commitment', plan.svc_id),
    plan_code: plan.code,
    invoice_display_name: null,
    interval: plan.interval,
    created_at: stamp?.now ?? plan.created_at,
    updated_at: stamp?.now ?? plan.created_at,
    taxes: [],
  };
  let taxes = base.taxes;
  if (override.tax_codes !== undefined) {
    const found = taxesOfCodes(override.tax_codes, known, [...at, 'tax_codes']);
    if (isLeft(found)) return found;
    taxes = found.right;
  }
  return right({
    ...base,
    ...(stamp === undefined ? {} : { updated_at: stamp.now }),
    amount_cents: override.amount_cents,
    ...(override.invoice_display_name === undefined
      ? {}
      : { invoice_display_name: override.invoice_display_name }),
    taxes,
  });
}
