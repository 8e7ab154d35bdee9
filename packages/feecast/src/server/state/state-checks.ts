/**
 * Consistency of a state across its collections: identifiers and codes are unique, and
 * every reference (a subscription's customer and plan, a charge's billable metric, a
 * wallet's customer...) names something that exists. The server relies on these facts.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import type { UsageEventRecord } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { ItemOf, ListName, ServerState, StateCollections } from './state';

function duplicate<T>(
  items: Iterable<T>,
  keyOf: (item: T) => string | null | undefined,
): number | undefined {
  const seen = new Set<string>();
  let index = 0;
  for (const item of items) {
    const key = keyOf(item);
    if (key !== null && key !== undefined) {
      if (seen.has(key)) return index;
      seen.add(key);
    }
    index += 1;
  }
  return undefined;
}

interface UniqueRule {
  readonly collection: keyof StateCollections;
  readonly field: string;
  readonly keyOf: (item: never) => string | null | undefined;
}

/**
 * The rule that `field` is unique in `collection`; `keyOf` gives the key compared when it is
 * not the field's own value (null and absent keys are not compared).
 */
function unique<C extends ListName>(
  collection: C,
  field: keyof ItemOf<C> & string,
  keyOf?: (item: ItemOf<C>) => string | null | undefined,
): UniqueRule {
  const ownValue = (item: ItemOf<C>): string | undefined => {
    const value: unknown = item[field];
    return typeof value === 'string' ? value : undefined;
  };
  return { collection, field, keyOf: keyOf ?? ownValue };
}

const UNIQUE: readonly UniqueRule[] = [
  unique('billing_entities', 'code'),
  unique('taxes', 'code'),
  unique('customers', 'external_id'),
  unique('customers', 'svc_id'),
  unique('billable_metrics', 'code'),
  unique('billable_metrics', 'svc_id'),
  unique('plans', 'code'),
  unique('plans', 'svc_id'),
  unique('plan_overrides', 'svc_subscription_id'),
  unique('subscriptions', 'svc_id'),
  unique('add_ons', 'code'),
  unique('coupons', 'code'),
  unique('applied_coupons', 'svc_id'),
  unique('wallets', 'svc_id'),
  unique('wallet_transactions', 'svc_id'),
  unique('invoices', 'svc_id'),
  unique('credit_notes', 'svc_id'),
  unique('payment_receipts', 'svc_id'),
  unique('webhook_endpoints', 'svc_id'),
  unique('activity_logs', 'activity_id'),
  // An event's transaction_id is unique per subscription.
  {
    collection: 'events',
    field: 'transaction_id',
    keyOf: (x: UsageEventRecord) => `${x.external_subscription_id ?? ''}\u0000${x.transaction_id}`,
  },
];

function problem(path: readonly string[], message: string): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}

/**
 * Checks that a state is consistent: unique codes and ids per collection (an event's
 * `transaction_id` per subscription), at most one active subscription per external id, and
 * references that resolve. Returns the state unchanged when it is.
 *
 * @example
 * checkState(emptyState()); // right(state)
 * // A subscription whose customer is missing:
 * // left({ code: 'invalid_input', path: ['subscriptions', '0', 'external_customer_id'],
 * //        message: 'subscriptions[0] names the customer "acme", which is not in customers.' })
 */
export function checkState(state: ServerState): Either<FeecastError, ServerState> {
  for (const rule of UNIQUE) {
    const items = state[rule.collection] as Iterable<never>;
    const index = duplicate(items, rule.keyOf);
    if (index !== undefined) {
      return problem(
        [rule.collection, String(index), rule.field],
        `${rule.collection}[${index}] repeats the ${rule.field} of an earlier item; each ${rule.field} must be unique.`,
      );
    }
  }
  const customers = new Set(state.customers.map((c) => c.external_id));
  const plans = new Set(state.plans.map((p) => p.code));
  const metrics = new Set(state.billable_metrics.map((m) => m.code));
  const wallets = new Set(state.wallets.map((w) => w.svc_id));
  const subscriptions = new Set(state.subscriptions.map((s) => s.svc_id));
  const activeIds = new Set<string>();
  for (const [i, subscription] of state.subscriptions.entries()) {
    if (!customers.has(subscription.external_customer_id)) {
      return problem(
        ['subscriptions', String(i), 'external_customer_id'],
        `subscriptions[${i}] names the customer ${JSON.stringify(subscription.external_customer_id)}, which is not in customers.`,
      );
    }
    if (!plans.has(subscription.plan_code)) {
      return problem(
        ['subscriptions', String(i), 'plan_code'],
        `subscriptions[${i}] names the plan ${JSON.stringify(subscription.plan_code)}, which is not in plans.`,
      );
    }
    if (subscription.status === 'active') {
      if (activeIds.has(subscription.external_id)) {
        return problem(
          ['subscriptions', String(i), 'external_id'],
          `subscriptions[${i}] is a second active subscription with the external_id ${JSON.stringify(subscription.external_id)}; at most one may be active.`,
        );
      }
      activeIds.add(subscription.external_id);
    }
  }
  const allPlans = [
    ...state.plans.map((plan, i) => ({ plan, path: ['plans', String(i)] })),
    ...state.plan_overrides.map((o, i) => ({
      plan: o.plan,
      path: ['plan_overrides', String(i), 'plan'],
    })),
  ];
  for (const { plan, path } of allPlans) {
    for (const [j, charge] of plan.charges.entries()) {
      if (!metrics.has(charge.billable_metric_code)) {
        return problem(
          [...path, 'charges', String(j), 'billable_metric_code'],
          `${path.join('.')}.charges[${j}] uses the billable metric ${JSON.stringify(charge.billable_metric_code)}, which is not in billable_metrics.`,
        );
      }
    }
  }
  for (const [i, override] of state.plan_overrides.entries()) {
    if (!subscriptions.has(override.svc_subscription_id)) {
      return problem(
        ['plan_overrides', String(i), 'svc_subscription_id'],
        `plan_overrides[${i}] is for the subscription ${override.svc_subscription_id}, which is not in subscriptions.`,
      );
    }
  }
  for (const [name, items] of [
    ['wallets', state.wallets],
    ['applied_coupons', state.applied_coupons],
  ] as const) {
    for (const [i, item] of items.entries()) {
      if (!customers.has(item.external_customer_id)) {
        return problem(
          [name, String(i), 'external_customer_id'],
          `${name}[${i}] names the customer ${JSON.stringify(item.external_customer_id)}, which is not in customers.`,
        );
      }
    }
  }
  for (const [i, transaction] of state.wallet_transactions.entries()) {
    if (!wallets.has(transaction.svc_wallet_id)) {
      return problem(
        ['wallet_transactions', String(i), 'svc_wallet_id'],
        `wallet_transactions[${i}] belongs to the wallet ${transaction.svc_wallet_id}, which is not in wallets.`,
      );
    }
  }
  return right(state);
}
