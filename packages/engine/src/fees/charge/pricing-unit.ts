import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';
import type { AppliedPricingUnit } from '../pricing-units';
import type { ChargeFeesPricingUnit, PricingUnitInfo } from './inputs';

/**
 * The pricing unit a charge is priced in, with the id and short name that
 * `pricing_unit_details` needs: from the charge's `applied_pricing_unit` itself, else from the
 * organization's pricing units listed by code. `undefined` when the charge has none.
 *
 * @example
 * resolvePricingUnit({ code: 'credits', conversion_rate: '0.5' }, [credits], ['charge'])
 * // right({ svc_pricing_unit_id: credits.svc_id, pricing_unit_code: 'credits', short_name: 'CR', conversion_rate: '0.5' })
 * @internal
 */
export function resolvePricingUnit(
  applied: ChargeFeesPricingUnit | null | undefined,
  known: readonly PricingUnitInfo[] | undefined,
  path: readonly string[],
): Either<FeecastError, AppliedPricingUnit | undefined> {
  if (applied === undefined || applied === null) return right(undefined);
  const at = [...path, 'applied_pricing_unit'];
  if (typeof applied !== 'object' || typeof applied.code !== 'string') {
    return left(
      feecastError(
        'invalid_input',
        'applied_pricing_unit must be {"code": "...", "conversion_rate": "..."} or null.',
        at,
      ),
    );
  }
  const listed = known?.find((unit) => unit.code === applied.code);
  const id = applied.svc_pricing_unit_id ?? listed?.svc_id;
  if (id === undefined || id === null) {
    return left(
      feecastError(
        'invalid_input',
        `The pricing unit "${applied.code}" has no id: add svc_pricing_unit_id and short_name to applied_pricing_unit, or list the unit in pricing_units.`,
        [...at, 'svc_pricing_unit_id'],
      ),
    );
  }
  return right({
    svc_pricing_unit_id: id,
    pricing_unit_code: applied.code,
    short_name: applied.short_name ?? listed?.short_name ?? applied.code,
    conversion_rate: applied.conversion_rate,
  });
}
