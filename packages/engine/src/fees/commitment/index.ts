/**
 * Minimum commitments (reference: invoicing.md §7.1): the true-up fee that charges what a
 * period's fees fall short of a plan's minimum commitment, prorated on the days billed. (A
 * charge's own `min_amount_cents` true-up, §7.2, is made by the fee assembler: `fees/true-up.ts`.)
 */
export {
  type CommitmentTrueUp,
  type CommitmentTrueUpInput,
  commitmentTrueUp,
  type DatetimeRange,
} from './minimum-commitment';
export type { TrueUpSubscription } from './true-up-fee';
