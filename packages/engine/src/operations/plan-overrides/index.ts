/**
 * Plan overrides: the plan a subscription is billed on once its `plan_overrides` (amount,
 * currency, names, taxes, trial period, commitment, thresholds, and charges and fixed charges
 * by id) apply, as the reference's child plan of the subscription.
 */
export { applyPlanOverrides, type PlanOverridesOptions } from './apply-plan-overrides';
export { type KnownTaxList, knownTaxes, taxesOfCodes } from './tax-codes';
