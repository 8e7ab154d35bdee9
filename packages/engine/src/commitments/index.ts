/**
 * Minimum commitments and charge minimums (reference: invoicing.md §7): the true-up fees that
 * charge what a period's fees fall short of a plan's minimum commitment or a charge's
 * `min_amount_cents`, prorated on the days billed.
 */
export {
  type ChargeMinimumTrueUp,
  type ChargeMinimumTrueUpInput,
  chargeMinimumTrueUp,
} from './charge-minimum';
export {
  type CommitmentTrueUp,
  type CommitmentTrueUpInput,
  commitmentTrueUp,
  type DatetimeRange,
} from './minimum-commitment';
export type { TrueUpSubscription } from './true-up-fee';
