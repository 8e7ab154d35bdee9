/**
 * Which activities are webhooks: the reference's webhook types (`<object_type>.<event>`) and
 * the object each one carries. An activity log whose `activity_type` is in this table becomes
 * one webhook per configured endpoint; any other activity (a coupon deleted, a billable metric
 * updated) is logged only.
 */

/**
 * The webhook types feecast delivers, by the reference's names. Those the server logs today
 * (API changes) and those the billing clock logs (`activity_source: system`) are both here;
 * among the latter, `wallet.terminated` (a wallet's `expiration_at`) and
 * `wallet.depleted_ongoing_balance` (an ongoing balance that reaches 0, billing/wallet-ongoing.ts).
 */
export const WEBHOOK_TYPES: ReadonlySet<string> = new Set([
  'credit_note.created',
  'credit_note.generated',
  'customer.created',
  'customer.updated',
  'fee.created',
  'invoice.add_on_added',
  'invoice.created',
  'invoice.drafted',
  'invoice.generated',
  'invoice.one_off_created',
  'invoice.paid_credit_added',
  'invoice.payment_status_updated',
  'invoice.voided',
  'payment_receipt.created',
  'payment_receipt.generated',
  'plan.created',
  'plan.deleted',
  'plan.updated',
  'subscription.started',
  'subscription.terminated',
  'subscription.termination_alert',
  'subscription.trial_ended',
  'subscription.updated',
  'subscription.usage_threshold_reached',
  'wallet.created',
  'wallet.depleted_ongoing_balance',
  'wallet.terminated',
  'wallet.updated',
  'wallet_transaction.created',
  'wallet_transaction.updated',
]);

/**
 * The object type a webhook of `webhookType` carries: the part before the dot (`invoice` for
 * `invoice.created`, `wallet` for `wallet.depleted_ongoing_balance`); `undefined` when the
 * type is not a webhook type.
 *
 * @example
 * webhookObjectType('wallet_transaction.created'); // 'wallet_transaction'
 * webhookObjectType('coupon.deleted'); // undefined
 */
export function webhookObjectType(webhookType: string): string | undefined {
  if (!WEBHOOK_TYPES.has(webhookType)) return undefined;
  return webhookType.slice(0, webhookType.indexOf('.'));
}
