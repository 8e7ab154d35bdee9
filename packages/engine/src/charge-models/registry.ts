import type { ChargeModel, ChargeModelCapabilities } from './model';
import { custom } from './models/custom';
import { dynamic } from './models/dynamic';
import { graduated } from './models/graduated';
import { graduatedPercentage } from './models/graduated-percentage';
import { packageModel } from './models/package';
import { percentage } from './models/percentage';
import { standard } from './models/standard';
import { volume } from './models/volume';
import type { ChargeModelName } from './types';

/**
 * The one table of charge models, keyed by `charge_model` (DESIGN.md): shared code looks a
 * model up here and never asks which one it holds. Prorated graduated is the graduated entry
 * priced with per-event values (§16).
 *
 * @example
 * CHARGE_MODELS.standard.compile({ amount: '5' }, { prorated: false, path: ['properties'] })
 * @internal
 */
export const CHARGE_MODELS: Readonly<Record<ChargeModelName, ChargeModel>> = {
  standard,
  package: packageModel,
  graduated,
  graduated_percentage: graduatedPercentage,
  volume,
  percentage,
  dynamic,
  custom,
};

/** Charge models by name: all of them ({@link CHARGE_MODELS}), or those a caller gave. */
export type ChargeModelTable = Readonly<Partial<Record<ChargeModelName, ChargeModel>>>;

/**
 * The name of each charge model's part, as `@feecast/engine` exports it for
 * `createPreviewEstimator` (`operations/pricing-parts.ts`): what an error tells a caller to pass.
 *
 * @example
 * CHARGE_MODEL_PART_NAMES.graduated // 'graduatedModel'
 * @internal
 */
export const CHARGE_MODEL_PART_NAMES: Readonly<Record<ChargeModelName, string>> = {
  standard: 'standardModel',
  package: 'packageModel',
  graduated: 'graduatedModel',
  graduated_percentage: 'graduatedPercentageModel',
  volume: 'volumeModel',
  percentage: 'percentageModel',
  dynamic: 'dynamicModel',
  custom: 'customModel',
};

/**
 * The capabilities of the model named `name` (see `ChargeModelCapabilities`).
 *
 * @example
 * chargeModelCapabilities('volume').payInAdvance // false
 * @internal
 */
export function chargeModelCapabilities(name: ChargeModelName): ChargeModelCapabilities {
  return CHARGE_MODELS[name].capabilities;
}
