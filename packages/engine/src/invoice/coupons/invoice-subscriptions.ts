/**
 * The subscriptions an invoice bills, each with its plan, and how a fee finds its plan (by
 * `svc_subscription_id`). Shared by plan-limited coupons and plan-level taxes.
 * @internal
 */
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../../core/index';

/**
 * A subscription of the invoice with the plan it bills (the plan actually used: an override
 * plan when the subscription has one). The shape of `previewInvoice`'s `subscriptions[]`.
 *
 * @inline
 */
export interface InvoiceSubscription<P> {
  readonly subscription: { readonly svc_id: string };
  readonly plan: P;
}

/**
 * Indexes subscriptions by `svc_id`; a subscription listed twice is a `Left`.
 *
 * @example
 * indexSubscriptions([{ subscription: { svc_id: 's1' }, plan: { code: 'pro' } }], ['subscriptions'])
 * // right(Map { 's1' => { code: 'pro' } })
 */
export function indexSubscriptions<P>(
  subscriptions: readonly InvoiceSubscription<P>[],
  path: readonly string[],
): Either<FeecastError, ReadonlyMap<string, P>> {
  const byId = new Map<string, P>();
  for (const [i, entry] of subscriptions.entries()) {
    const id = entry.subscription.svc_id;
    if (byId.has(id)) {
      return left(
        feecastError(
          'invalid_input',
          `Subscription ${id} is listed twice; list each subscription of the invoice once.`,
          [...path, String(i), 'subscription', 'svc_id'],
        ),
      );
    }
    byId.set(id, entry.plan);
  }
  return right(byId);
}

/**
 * The plan of the subscription a fee belongs to. A fee without `svc_subscription_id`, or
 * whose subscription is not among the given ones, is a `Left` (`unknown_fee_item`) naming
 * the fee's field.
 *
 * @example
 * planOfFee(index, { svc_subscription_id: 's1' }, ['fees', '2']) // right({ code: 'pro' })
 */
export function planOfFee<P>(
  plans: ReadonlyMap<string, P>,
  fee: { readonly svc_subscription_id?: string | null | undefined },
  path: readonly string[],
): Either<FeecastError, P> {
  const id = fee.svc_subscription_id;
  const plan = typeof id === 'string' ? plans.get(id) : undefined;
  if (plan !== undefined) return right(plan);
  return left(
    feecastError(
      'unknown_fee_item',
      typeof id === 'string'
        ? `The fee belongs to subscription ${id}, which is not among the invoice's subscriptions; pass it with its plan.`
        : 'The fee has no svc_subscription_id, so its plan cannot be found; set it to the subscription the fee bills.',
      [...path, 'svc_subscription_id'],
      { value: id },
    ),
  );
}
