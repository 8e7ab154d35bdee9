import type { TaxSources } from '../invoice/index';
import type { ReadOperation } from './operation-context';

/**
 * The tax sources of an operation (estimate-and-usage.md §2.10, §3.6): the charge's taxes,
 * then the plan's, then the customer's (`taxes.customer`, else the customer's own `taxes`),
 * then the billing entity's; the first that has any applies to a fee.
 *
 * @example
 * operationTaxSources({ plan, subscription, customer, taxes: { billing_entity: [vat20] }, ... })
 * // { billing_entity: [vat20], customer: undefined, subscriptions: [{ subscription, plan }] }
 * @internal
 */
export function operationTaxSources(input: ReadOperation): TaxSources {
  return {
    billing_entity: input.taxes?.billing_entity,
    customer: input.taxes?.customer ?? input.customer.taxes,
    subscriptions: [{ subscription: input.subscription, plan: input.plan }],
  };
}
