/**
 * Subscriptions and customers by their ids, so that a request finds its subscription and
 * customer at the cost of a look-up, not of a pass over every subscription. Each index is
 * made once per collection: a state's collections never change (a change makes another
 * array), so an index is kept with its array (a `WeakMap`) and made again for the next one.
 * The lists keep the collection's order, so the first of a list is what `find` would give.
 */
import type { Customer, Subscription } from '@feecast/models';

/** The subscriptions of a state by `external_id` (in order) and by `svc_id`. */
interface SubscriptionIndex {
  readonly byExternalId: ReadonlyMap<string, readonly Subscription[]>;
  readonly bySvcId: ReadonlyMap<string, Subscription>;
}

/** The customers of a state by `external_id` and by `svc_id` (the first of each). */
interface CustomerIndex {
  readonly byExternalId: ReadonlyMap<string, Customer>;
  readonly bySvcId: ReadonlyMap<string, Customer>;
}

const subscriptionIndexes = new WeakMap<readonly Subscription[], SubscriptionIndex>();
const customerIndexes = new WeakMap<readonly Customer[], CustomerIndex>();

const NONE: readonly Subscription[] = [];

function subscriptionIndex(subscriptions: readonly Subscription[]): SubscriptionIndex {
  let index = subscriptionIndexes.get(subscriptions);
  if (index === undefined) {
    const byExternalId = new Map<string, Subscription[]>();
    const bySvcId = new Map<string, Subscription>();
    for (const subscription of subscriptions) {
      const same = byExternalId.get(subscription.external_id);
      if (same === undefined) byExternalId.set(subscription.external_id, [subscription]);
      else same.push(subscription);
      if (!bySvcId.has(subscription.svc_id)) bySvcId.set(subscription.svc_id, subscription);
    }
    index = { byExternalId, bySvcId };
    subscriptionIndexes.set(subscriptions, index);
  }
  return index;
}

function customerIndex(customers: readonly Customer[]): CustomerIndex {
  let index = customerIndexes.get(customers);
  if (index === undefined) {
    const byExternalId = new Map<string, Customer>();
    const bySvcId = new Map<string, Customer>();
    for (const customer of customers) {
      if (!byExternalId.has(customer.external_id)) byExternalId.set(customer.external_id, customer);
      if (!bySvcId.has(customer.svc_id)) bySvcId.set(customer.svc_id, customer);
    }
    index = { byExternalId, bySvcId };
    customerIndexes.set(customers, index);
  }
  return index;
}

/**
 * The subscriptions with this `external_id`, in the collection's order (none: empty).
 *
 * @example
 * subscriptionsOf(state.subscriptions, 'sub_1').find((s) => s.status === 'active');
 */
export function subscriptionsOf(
  subscriptions: readonly Subscription[],
  externalId: string,
): readonly Subscription[] {
  return subscriptionIndex(subscriptions).byExternalId.get(externalId) ?? NONE;
}

/**
 * The subscription with this `svc_id`, if any.
 *
 * @example
 * subscriptionById(state.subscriptions, event.svc_subscription_id);
 */
export function subscriptionById(
  subscriptions: readonly Subscription[],
  svcId: string,
): Subscription | undefined {
  return subscriptionIndex(subscriptions).bySvcId.get(svcId);
}

/**
 * The customer with this `external_id`, if any.
 *
 * @example
 * customerByExternalId(state.customers, 'hooli_1234');
 */
export function customerByExternalId(
  customers: readonly Customer[],
  externalId: string,
): Customer | undefined {
  return customerIndex(customers).byExternalId.get(externalId);
}

/**
 * The customer with this `svc_id`, if any.
 *
 * @example
 * customerById(state.customers, subscription.svc_customer_id);
 */
export function customerById(customers: readonly Customer[], svcId: string): Customer | undefined {
  return customerIndex(customers).bySvcId.get(svcId);
}
