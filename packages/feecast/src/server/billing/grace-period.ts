/**
 * The grace period of a customer's invoices (invoicing.md §1: drafts in their grace period):
 * the customer's `billing_configuration.invoice_grace_period`, else its billing entity's (the
 * organization's), else 0 days.
 */
import type { Customer } from '@feecast/models';
import type { ServerState } from '../state/state';

/** A day, in milliseconds: a grace period is counted in whole days from the draft. */
export const DAY_MS = 86_400_000;

/**
 * The days a draft of `customer` stays a draft before it is finalized.
 *
 * @example
 * graceDays(state, { ...customer, billing_configuration: { ...config, invoice_grace_period: 3 } }); // 3
 */
export function graceDays(state: ServerState, customer: Customer | undefined): number {
  if (customer === undefined) return 0;
  const own = customer.billing_configuration?.invoice_grace_period;
  if (own !== undefined && own !== null) return own;
  const entity =
    state.billing_entities.find((e) => e.code === customer.billing_entity_code) ??
    state.billing_entities.find((e) => e.is_default);
  return entity?.invoice_grace_period ?? 0;
}
