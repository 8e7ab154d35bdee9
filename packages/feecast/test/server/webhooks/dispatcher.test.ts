// The dispatcher reads the delivery log again only when it may have something new to send (new
// deliveries or attempts, a retry's timer, the end of an attempt): a change that queues no
// webhook costs no pass over every delivery. What must still hold: a delivery whose outcome
// could not be kept is pending again and sent by the next wake, whatever changed meanwhile;
// a delivered one is never sent again, however often the dispatcher is woken.
import type { ActivityLog } from '@feecast/models';
import { afterEach, describe, expect, it } from 'vitest';
import { asUuid } from '../../../src/server/state/brands';
import { emptyState, type ServerState } from '../../../src/server/state/state';
import { deliveryLog } from '../../../src/server/webhooks/delivery-log';
import { type Dispatcher, startDispatcher } from '../../../src/server/webhooks/dispatcher';
import { queueWebhooks } from '../../../src/server/webhooks/queue';
import { endpoint, NOW } from './endpoint';
import { type Receiver, startReceiver } from './receiver';

const activity = {
  activity_id: asUuid('aa000000-0000-4000-8000-000000000001'),
  activity_type: 'wallet_transaction.created',
  activity_source: 'api',
  activity_object: { svc_id: 'object-1' },
  activity_object_changes: {},
  user_email: null,
  external_customer_id: 'acme',
  external_subscription_id: null,
  resource_id: asUuid('bb000000-0000-4000-8000-000000000001'),
  resource_type: 'Wallet',
  organization_id: emptyState().organization_id,
  logged_at: NOW,
  created_at: NOW,
} as ActivityLog;

const stops: (() => void)[] = [];
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** Wakes `dispatcher` every 20 ms until `receiver` has `count` requests (at most 5 s). */
async function wakeUntil(dispatcher: Dispatcher, receiver: Receiver, count: number): Promise<void> {
  for (let i = 0; i < 250 && receiver.received.length < count; i++) {
    dispatcher.wake();
    await new Promise((done) => setTimeout(done, 20));
  }
  expect(receiver.received.length).toBe(count);
}

describe('the dispatcher', () => {
  it('sends again a delivery whose outcome was not kept, and never one that was delivered', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const base: ServerState = { ...emptyState(), webhook_endpoints: [endpoint(receiver.url)] };
    let state = queueWebhooks(base, { ...base, activity_logs: [activity] });
    // The first outcome cannot be kept (a journal that cannot be written): the state is the same.
    let refuse = true;
    let commits = 0;
    const dispatcher = startDispatcher({
      state: () => state,
      commit: (change) => {
        commits++;
        if (refuse) {
          refuse = false;
          return Promise.resolve(false);
        }
        state = change(state);
        return Promise.resolve(true);
      },
      signingKey: () => 'whsec_test',
      idPrefix: 'svc',
      retry: { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 3 },
      timeoutMs: 2_000,
    });
    stops.push(() => dispatcher.stop());
    dispatcher.wake();
    await receiver.waitFor(1, 5_000);
    // Changes that queue no webhook (the same delivery lists): the delivery is still pending,
    // so a wake sends it again once the first attempt is over.
    state = { ...state, id_sequence: state.id_sequence + 1 };
    await wakeUntil(dispatcher, receiver, 2);
    for (let i = 0; i < 250 && commits < 2; i++) await new Promise((d) => setTimeout(d, 20));
    expect(deliveryLog(state).map((d) => d.status)).toEqual(['delivered']);
    // Delivered and kept: however often it is woken, nothing is sent again.
    for (let i = 0; i < 10; i++) {
      dispatcher.wake();
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(receiver.received.length).toBe(2);
    expect(receiver.acknowledged().size).toBe(1);
  });
});
