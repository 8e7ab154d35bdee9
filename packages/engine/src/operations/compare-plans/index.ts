/**
 * Plan comparison: the same customer and usage priced on several plans (each with its own
 * overrides), one invoice preview per plan, and the differences per fee line and in total.
 */
export {
  type ComparedPlan,
  type ComparedPlanWithOverrides,
  type ComparePlansInput,
  comparePlans,
  comparePlansUnsafe,
  type PlanComparison,
  type PlanPreview,
} from './compare-plans';
export {
  type ComparedInvoice,
  type PlanDifference,
  type PlanDifferenceKind,
  type PlanLine,
  planDifferences,
} from './plan-differences';
