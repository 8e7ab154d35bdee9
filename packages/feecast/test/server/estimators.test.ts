// Issue 23 §2: an estimate answered through the estimator the server keeps per subscription
// equals the engine's estimateFees of the same state, and a changed plan or customer (other
// objects in the state) prepares another estimator rather than pricing with the old one.
import { estimateFees } from '@feecast/engine';
import type { Plan, Timestamp } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import { eventLog } from '../../src/server/state/event-index';
import { findCustomer, operationTaxes, planOf } from '../../src/server/state/lookup';
import type { ServerState } from '../../src/server/state/state';
import { example } from './builders';

const SUB = 'sub_1234567890';
const NOW: Timestamp = asTimestamp('2025-03-20T12:00:00.000Z');
const EVENT = {
  code: 'seats',
  external_subscription_id: SUB,
  transaction_id: 'estimate_1',
  properties: { seat_id: 'new_seat', region: 'Europe' },
};

function served(state: ServerState): unknown {
  const answer = reduce(
    state,
    {
      method: 'POST',
      path: '/api/v1/events/estimate_fees',
      query: '',
      origin: 'http://127.0.0.1:1',
      body: JSON.stringify({ event: EVENT }),
    },
    NOW,
  ).response;
  return answer.body;
}

/** The engine's estimate of the same state, prepared from scratch. */
function fromScratch(state: ServerState): unknown {
  const subscription = state.subscriptions.find(
    (s) => s.external_id === SUB && s.status === 'active',
  );
  if (subscription === undefined) throw new Error('no subscription');
  const customer = findCustomer(state, subscription.external_customer_id);
  const plan = planOf(state, subscription);
  if (customer._tag === 'Left' || plan === undefined) throw new Error('no customer or plan');
  const answer = estimateFees({
    customer: customer.right,
    subscription,
    plan,
    billableMetrics: state.billable_metrics,
    taxes: operationTaxes(state, customer.right),
    events: eventLog(state.events).ofSubscription(SUB).byCode.get('seats') ?? [],
    event: EVENT,
    now: NOW,
  });
  if (answer._tag === 'Left') throw new Error(answer.left.message);
  return answer.right;
}

/** `state` with the Europe price of the `seats` charge of plan `startup` set to `amount`. */
function europeAt(state: ServerState, amount: string): ServerState {
  // A deep copy: every plan a new object, as a catalog update makes.
  const plans = JSON.parse(JSON.stringify(state.plans)) as Plan[];
  for (const plan of plans) {
    if (plan.code !== 'startup') continue;
    for (const charge of plan.charges) {
      if (charge.billable_metric_code !== 'seats') continue;
      for (const filter of charge.filters ?? []) {
        if (filter.invoice_display_name === 'Europe') {
          (filter.properties as { amount?: string }).amount = amount;
        }
      }
    }
  }
  return { ...state, plans };
}

function amounts(body: unknown): unknown {
  const fees = (body as { fees: { amount_cents: number; taxes_amount_cents: number }[] }).fees;
  return fees.map((fee) => [fee.amount_cents, fee.taxes_amount_cents]);
}

describe('the estimator kept per subscription', () => {
  it('answers what estimateFees answers, and prepares again when the plan or customer changes', () => {
    const first = example();
    expect(served(first)).toEqual(fromScratch(first));
    // One seat in Europe at 10 (the Europe filter of the seats charge): 1,000 cents, VAT 20 %.
    expect(amounts(served(first))).toEqual([[1000, 200]]);
    // The same subscription object, another plan: 12 a seat, 1,200 cents, VAT 240.
    const repriced = europeAt(first, '12');
    expect(served(repriced)).toEqual(fromScratch(repriced));
    expect(amounts(served(repriced))).toEqual([[1200, 240]]);
    // Back to the first state: its own plan again.
    expect(amounts(served(first))).toEqual([[1000, 200]]);
    // Another customer object (its own taxes: none): the same figures as from scratch.
    const customers = first.customers.map((c) =>
      c.external_id === 'hooli_1234' ? { ...c, taxes: [] } : c,
    );
    const recustomed = { ...repriced, customers };
    expect(served(recustomed)).toEqual(fromScratch(recustomed));
  });
});
