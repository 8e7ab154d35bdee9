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
  compileChargeModelIn,
} from './apply';
// For the floors above (not part of the package surface: see the root index.ts).
export { pricingContext, readContext } from './context';
export { divideOrZero } from './internal/arithmetic';
export { own } from './internal/properties';
export { readBack } from './internal/read-back';
export type {
  ChargeModel,
  ChargeModelCapabilities,
  Priced,
  PricingContext,
  PricingSource,
} from './model';
export { custom } from './models/custom';
export { dynamic } from './models/dynamic';
export { graduated } from './models/graduated';
export { graduatedPercentage } from './models/graduated-percentage';
export { packageModel } from './models/package';
export { percentage } from './models/percentage';
export { standard } from './models/standard';
export { volume } from './models/volume';
export {
  CHARGE_MODEL_PART_NAMES,
  CHARGE_MODELS,
  type ChargeModelTable,
  chargeModelCapabilities,
} from './registry';
export {
  CHARGE_MODEL_NAMES,
  type ChargeAmountDetails,
  type ChargeModelContext,
  type ChargeModelInput,
  type ChargeModelName,
  type ChargeModelResult,
  type GraduatedPercentageRangeDetail,
  type GraduatedRangeDetail,
  isChargeModelName,
} from './types';
