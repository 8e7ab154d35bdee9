/**
 * `POST /events`: stores a usage event for the pricing operations. Events are deduplicated
 * by `transaction_id` per subscription: a second event with the same id is a 422
 * `{transaction_id: ['value_already_exist']}` and is not stored. An event that a
 * pay-in-advance charge prices gets its fee (and invoice) at once (billing/pay-in-advance.ts);
 * one whose usage passes a usage threshold, a progressive-billing invoice.
 */
import type { CreateEventRequest, UsageEventRecord } from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { payInAdvance } from '../billing/pay-in-advance';
import { usageThresholds } from '../billing/usage-thresholds';
import { hasActiveWallet } from '../billing/wallet-ongoing';
import { walletsAfterUsage } from '../billing/wallet-top-ups';
import { invalidField } from '../http/api-error';
import { asEventTimestamp } from '../state/brands';
import { StateDraft } from '../state/draft';
import { eventLog } from '../state/event-index';
import { customerByExternalId, subscriptionsOf } from '../state/indexes';
import type { Handler } from './handler';

/** The fields of a stored event that the request may leave out. */
type GivenFields = Pick<
  UsageEventRecord,
  'external_subscription_id' | 'external_customer_id' | 'properties' | 'precise_total_amount_cents'
>;

/**
 * The stored event: the optional fields `event` gives (in this order, the absent ones left out,
 * not written `undefined`), then `fields`. Assigned one by one: no object spread per event.
 */
function storedEvent(
  event: GivenFields,
  fields: Required<Omit<UsageEventRecord, keyof GivenFields>>,
): UsageEventRecord {
  const stored: { -readonly [K in keyof UsageEventRecord]?: UsageEventRecord[K] } = {};
  if (event.external_subscription_id !== undefined) {
    stored.external_subscription_id = event.external_subscription_id;
  }
  if (event.external_customer_id !== undefined) {
    stored.external_customer_id = event.external_customer_id;
  }
  if (event.properties !== undefined) stored.properties = event.properties;
  if (event.precise_total_amount_cents !== undefined) {
    stored.precise_total_amount_cents = event.precise_total_amount_cents;
  }
  stored.transaction_id = fields.transaction_id;
  stored.code = fields.code;
  stored.svc_id = fields.svc_id;
  stored.timestamp = fields.timestamp;
  stored.created_at = fields.created_at;
  stored.svc_subscription_id = fields.svc_subscription_id;
  stored.svc_customer_id = fields.svc_customer_id;
  return stored as UsageEventRecord;
}

/**
 * `POST /events`: the stored event gets an id, `created_at` now and (without one)
 * `timestamp` now; `svc_subscription_id` and `svc_customer_id` name the subscription of
 * `external_subscription_id` when there is one (an event for an unknown subscription is
 * kept, as the reference keeps it, and never billed). When a pay-in-advance charge of the
 * subscription's plan prices the event, its fees are created (`fee.created`, and an invoice
 * finalized at once for an invoiceable charge: `invoice.created`), logged with source
 * `system`; when the engine cannot price it, the answer is its error and nothing is stored.
 * When the customer has an active wallet, its wallets' ongoing balances are refreshed
 * (`wallet.depleted_ongoing_balance` when one runs out) and their threshold rules checked.
 *
 * @example
 * createEvent({ ..., body: { event: { transaction_id: 'tx_1', code: 'seats', external_subscription_id: 'sub_1' } } });
 * // right({ body: { event: { svc_id, transaction_id: 'tx_1', ... } } })
 */
export const createEvent: Handler<CreateEventRequest> = (input) => {
  const { state, now } = input;
  const event = input.body.event;
  const subscriptionId = event.external_subscription_id;
  const events = eventLog(state.events);
  if (events.has(subscriptionId, event.transaction_id)) {
    return left(invalidField('transaction_id', 'value_already_exist'));
  }
  const same =
    subscriptionId === undefined ? [] : subscriptionsOf(state.subscriptions, subscriptionId);
  const subscription = same.find((s) => s.status === 'active') ?? same[0];
  const draft = new StateDraft(state, now);
  const stored = storedEvent(event, {
    transaction_id: event.transaction_id,
    code: event.code,
    svc_id: draft.newId(),
    timestamp: event.timestamp ?? asEventTimestamp(now),
    created_at: now,
    svc_subscription_id: subscription?.svc_id ?? null,
    svc_customer_id:
      subscription === undefined
        ? null
        : (customerByExternalId(state.customers, subscription.external_customer_id)?.svc_id ??
          null),
  });
  const after = draft.commit({ events: events.append(stored) });
  const billed = payInAdvance(state, after, stored, now, input.operations);
  if (isLeft(billed)) return billed;
  const crossed = usageThresholds(billed.right, stored, now, input.operations);
  const customerId = stored.svc_customer_id;
  if (customerId === null || customerId === undefined || !hasActiveWallet(crossed, customerId)) {
    return right({ state: crossed, body: { event: stored } });
  }
  // The customer's wallets follow its usage (billing/wallet-ongoing.ts, wallet-top-ups.ts); the event is stored
  // whatever they say (a refusal leaves their balances as they were).
  return right({
    state: walletsAfterUsage(crossed, customerId, now, state),
    body: { event: stored },
  });
};
