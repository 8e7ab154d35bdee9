/**
 * Charge models: the price of one aggregation result (a charge, a filter or a group) under
 * standard, package, graduated, graduated_percentage, volume, percentage, dynamic and custom
 * pricing, with amount details and projections (reference: charge-models.md §1-§16).
 */
export {
  applyChargeModel,
  type ChargeModelOptions,
  type CompiledChargeModel,
  compileChargeModel,
} from './apply';
export {
  CHARGE_MODEL_NAMES,
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelName,
  type ChargeModelResult,
  type GraduatedPercentageRangeDetail,
  type GraduatedRangeDetail,
} from './types';
