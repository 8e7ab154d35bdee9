import type { Decimal } from '../../core/index';
import type { Priced } from '../model';
import type { ChargeAmountDetails } from '../types';

/**
 * A price whose `amount_details` are written the first time they are read, then kept: a
 * pay-in-advance fee of a model with no per-event details (§5) never reads them, and writing
 * them is most of such a model's work (a decimal text per figure).
 *
 * @example
 * const priced = lazilyDetailed(amount, per, () => ({ graduated_ranges: tiers.map(detailOf) }));
 * priced.amount_details // written now, once
 * @internal
 */
export function lazilyDetailed(
  amount: Decimal,
  per: Decimal,
  details: () => ChargeAmountDetails,
): Priced {
  return new LazilyDetailed(amount, per, details);
}

/** A class, not a literal with a getter: one shape for every price, its getter shared. */
class LazilyDetailed implements Priced {
  private written: ChargeAmountDetails | undefined;

  constructor(
    readonly amount: Decimal,
    readonly per: Decimal,
    private readonly details: () => ChargeAmountDetails,
  ) {}

  get amount_details(): ChargeAmountDetails {
    this.written ??= this.details();
    return this.written;
  }
}
