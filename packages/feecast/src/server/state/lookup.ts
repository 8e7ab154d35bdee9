/**
 * Finding resources in the state, with the reference's 404 when they are not there. Every
 * lookup compares values (`find`, or a `Map` of indexes.ts), never indexes an object with a
 * client's string, so a code such as `__proto__` or `constructor` is just a code that does not
 * exist.
 */
import type { OperationTaxes } from '@feecast/engine';
import type {
  BillableMetric,
  Customer,
  Plan,
  Subscription,
  Tax,
  UsageEventRecord,
} from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, notFound } from '../http/api-error';
import type { Items } from './chunked-list';
import { customerByExternalId, subscriptionById } from './indexes';
import type { ItemOf, ListName, ServerState, StateCollections } from './state';

/**
 * `right(item)` when `item` is defined, else the 404 `<resource>_not_found`.
 *
 * @example
 * found(state.wallets.find((w) => w.svc_id === id), 'wallet');
 */
export function found<T>(item: T | undefined, resource: string): Either<ApiErrorResponse, T> {
  return item === undefined ? left(notFound(resource)) : right(item);
}

/**
 * The item of `collection` whose `field` equals `value`, or the 404 `<resource>_not_found`.
 *
 * @example
 * findBy(state, 'wallets', 'svc_id', id, 'wallet'); // right(wallet) or 404 wallet_not_found
 */
export function findBy<C extends ListName, F extends keyof ItemOf<C> & string>(
  state: StateCollections,
  collection: C,
  field: F,
  value: string,
  resource: string,
): Either<ApiErrorResponse, ItemOf<C>> {
  const items = state[collection] as Items<ItemOf<C>>;
  return found(
    items.find((item: ItemOf<C>) => item[field] === value),
    resource,
  );
}

/**
 * The customer with this external id, or 404 `customer_not_found`.
 *
 * @example
 * findCustomer(state, 'hooli_1234');
 */
export function findCustomer(
  state: ServerState,
  externalId: string,
): Either<ApiErrorResponse, Customer> {
  return found(customerByExternalId(state.customers, externalId), 'customer');
}

/**
 * The active subscription a stored event is billed to (its `svc_subscription_id`), through the
 * index: what the billing an event triggers (pay-in-advance fees, usage thresholds) reads.
 *
 * @example
 * activeSubscriptionOf(state, storedEvent); // the event's subscription, or undefined
 */
export function activeSubscriptionOf(
  state: ServerState,
  event: UsageEventRecord,
): Subscription | undefined {
  const id = event.svc_subscription_id;
  const subscription =
    id === null || id === undefined ? undefined : subscriptionById(state.subscriptions, id);
  return subscription?.status === 'active' ? subscription : undefined;
}

/**
 * The plan a subscription is billed on: its own overridden plan when it has one, else the
 * catalog plan of its `plan_code` (a consistent state always has it).
 *
 * @example
 * planOf(state, subscription).code; // 'startup'
 */
export function planOf(state: ServerState, subscription: Subscription): Plan | undefined {
  return (
    state.plan_overrides.find((o) => o.svc_subscription_id === subscription.svc_id)?.plan ??
    state.plans.find((p) => p.code === subscription.plan_code)
  );
}

/**
 * The taxes of these codes, or 404 `tax_not_found` for the first unknown one.
 *
 * @example
 * taxesByCode(state, ['french_standard_vat']); // right([tax])
 */
export function taxesByCode(
  state: ServerState,
  codes: readonly string[],
): Either<ApiErrorResponse, Tax[]> {
  const taxes: Tax[] = [];
  for (const code of codes) {
    const tax = state.taxes.find((t) => t.code === code);
    if (tax === undefined) return left(notFound('tax'));
    taxes.push(tax);
  }
  return right(taxes);
}

/** The last taxes of each customer object, and the state's taxes they were read from. */
const customerTaxes = new WeakMap<
  object,
  { readonly from: ServerState['taxes']; readonly taxes: OperationTaxes }
>();

/**
 * The taxes that apply to a customer besides the plan's: the organization's and its own. The
 * same object for the same customer and taxes (a prepared estimate knows it by identity).
 *
 * @example
 * operationTaxes(state, customer); // { billing_entity: [vat], customer: [] }
 */
export function operationTaxes(
  state: ServerState,
  customer: { readonly taxes?: Customer['taxes'] },
): OperationTaxes {
  const known = customerTaxes.get(customer);
  if (known !== undefined && known.from === state.taxes) return known.taxes;
  const taxes: OperationTaxes = {
    billing_entity: state.taxes.filter((t) => t.applied_to_organization),
    customer: customer.taxes ?? [],
  };
  customerTaxes.set(customer, { from: state.taxes, taxes });
  return taxes;
}

/**
 * The billable metric with this code, or 404 `billable_metric_not_found`.
 *
 * @example
 * findBillableMetric(state, 'storage');
 */
export function findBillableMetric(
  state: ServerState,
  code: string,
): Either<ApiErrorResponse, BillableMetric> {
  return findBy(state, 'billable_metrics', 'code', code, 'billable_metric');
}
