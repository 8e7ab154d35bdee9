// Issue 23 §3: what a stored event's usage thresholds and wallets read is kept between events
// (billing/arrears-usage.ts: the usage meter's last reading and the period's accumulators;
// billing/billed-usage.ts and wallet-ongoing.ts: the figures read from the invoices, kept with
// the invoices list). The law: after any sequence of stored events and clock moves, a server
// that kept them answers exactly what a server answers from scratch, the same state read anew
// (every object copied, so nothing kept matches it), at every step.
import fc from 'fast-check';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { arrearsAmounts } from '../../../src/server/billing/arrears-usage';
import { billedUsage } from '../../../src/server/billing/billed-usage';
import { periodSoFar } from '../../../src/server/billing/period-invoice';
import { clockRequest } from '../../../src/server/routes/clock';
import { eventsOf } from '../../../src/server/routes/invoice-preview';
import { defaultOperations } from '../../../src/server/routes/operations';
import { reduce } from '../../../src/server/routes/reducer';
import { usageContext } from '../../../src/server/routes/usage-context';
import { asTimestamp } from '../../../src/server/state/brands';
import { exampleState } from '../../../src/server/state/example-state';
import { customerById } from '../../../src/server/state/indexes';
import { epochMs } from '../../../src/server/state/instant';
import { operationTaxes, planOf } from '../../../src/server/state/lookup';
import type { ServerState } from '../../../src/server/state/state';

/** The example's clock: inside its subscription's period (from the 15th). */
const START = asTimestamp('2025-03-20T12:00:00.000Z');
const SUB = 'sub_1234567890';

/** The same state, every object copied: what a server reads from scratch. */
function anew(state: ServerState): ServerState {
  return JSON.parse(JSON.stringify(state)) as ServerState;
}

type Step =
  | { readonly kind: 'event'; readonly code: string; readonly value: number }
  | { readonly kind: 'clock'; readonly hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      code: fc.constantFrom('cpu', 'requests', 'storage', 'api_calls', 'seats', 'payments'),
      value: fc.integer({ min: 0, max: 400 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      hours: fc.integer({ min: 1, max: 400 }),
    }),
  },
);

function properties(code: string, value: number): Record<string, string> {
  switch (code) {
    case 'cpu':
      return { cpu_seconds: String(value) };
    case 'storage':
      return { gb: String(value % 50) };
    case 'seats':
      return { seat_id: `s${value % 7}`, region: 'Europe' };
    case 'payments':
      return { amount: String(value) };
    default:
      return {};
  }
}

/** `state` after `step` (the n-th): its new state and the answer's status and body. */
function apply(state: ServerState, s: Step, n: number): { state: ServerState; answer: unknown } {
  const now = state.clock?.now ?? START;
  if (s.kind === 'clock') {
    const moved = clockRequest(
      state,
      {
        method: 'POST',
        body: JSON.stringify({ now: new Date(epochMs(now) + s.hours * 3_600_000).toISOString() }),
      },
      now,
      true,
      defaultOperations,
    );
    return { state: moved.state, answer: moved.response };
  }
  const body = {
    event: {
      transaction_id: `tx_${n}`,
      code: s.code,
      external_subscription_id: SUB,
      properties: properties(s.code, s.value),
    },
  };
  const reduced = reduce(
    state,
    {
      method: 'POST',
      path: '/api/v1/events',
      query: '',
      body: JSON.stringify(body),
      origin: 'http://127.0.0.1:1',
    },
    now,
    defaultOperations,
  );
  return { state: reduced.state, answer: reduced.response };
}

/** The kept figures of the example's subscription against the same figures from scratch. */
function expectFigures(state: ServerState): void {
  const subscription = state.subscriptions.find(
    (s) => s.external_id === SUB && s.status === 'active',
  );
  if (subscription === undefined) return;
  const customer = customerById(state.customers, subscription.svc_customer_id);
  const now = state.clock?.now;
  if (customer === undefined || now === undefined) return;
  const usage = usageContext(state, customer, subscription, now);
  if (isLeft(usage)) return;
  // Without its taxes first (the usage thresholds' reading of a customer without an active
  // wallet), then with them (a wallet's, or the thresholds' when the customer has one).
  const untaxed = arrearsAmounts(state, subscription, usage.right, false);
  const kept = arrearsAmounts(state, subscription, usage.right);
  // From scratch: currentUsage over every stored event on the plan's charges billed in arrears.
  const plan = planOf(state, subscription);
  const arrears = {
    ...usage.right.plan,
    charges: (plan?.charges ?? []).filter((c) => !c.pay_in_advance),
  };
  const scratch = defaultOperations.currentUsage({
    ...usage.right,
    plan: arrears,
    applyTaxes: true,
  });
  expect(isLeft(kept)).toBe(isLeft(scratch));
  if (isLeft(kept) || isLeft(scratch)) return;
  const body = scratch.right.customer_usage;
  expect(isLeft(untaxed)).toBe(false);
  if (isLeft(untaxed)) return;
  // Its taxes are not computed: 0, or those of the reading it shares.
  expect([0, body.taxes_amount_cents]).toContain(untaxed.right.taxes_amount_cents);
  expect({ ...untaxed.right, taxes_amount_cents: body.taxes_amount_cents }).toEqual(kept.right);
  expect(kept.right).toEqual({
    from_datetime: body.from_datetime,
    amount_cents: body.amount_cents,
    taxes_amount_cents: body.taxes_amount_cents,
    charges: body.charges_usage.map((c) => ({
      billable_metric_code: c.billable_metric.code,
      amount_currency: c.amount_currency,
      amount_cents: c.amount_cents,
    })),
  });
  const fresh = anew(state);
  const from = body.from_datetime;
  expect(billedUsage(state, customer, subscription, from, epochMs(now))).toEqual(
    billedUsage(fresh, customer, subscription, from, epochMs(now)),
  );
  // The invoice of the period so far (a progressive-billing invoice's), priced from the kept
  // accumulators (state/usage-accumulators.ts, invoiceAggregates), against previewInvoice of
  // every stored event of the subscription.
  if (plan === undefined) return;
  const taxes = operationTaxes(state, customer);
  const fromEvents = defaultOperations.previewInvoice({
    customer,
    subscriptions: [{ subscription, plan }],
    billableMetrics: state.billable_metrics,
    events: eventsOf(state, new Set([SUB])),
    taxes: { billing_entity: taxes.billing_entity ?? null, customer: taxes.customer ?? null },
    progressiveBilling: {
      invoices: state.invoices.filter((i) => i.customer.svc_id === customer.svc_id),
      credit_notes: state.credit_notes.filter((n) => n.customer.svc_id === customer.svc_id),
    },
    now,
    status: 'draft',
  });
  expect(periodSoFar(state, subscription, now, defaultOperations)).toEqual(
    isLeft(fromEvents) ? fromEvents : right(fromEvents.right.invoice),
  );
}

describe('what a stored event reads, kept between events', () => {
  it('answers what a server answers from scratch, after any sequence of events and clock moves', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        (steps, wallets) => {
          // Without wallets, the usage thresholds read the usage without its taxes.
          const example = exampleState(START);
          let kept: ServerState = {
            ...example,
            wallets: wallets ? example.wallets : [],
            clock: { now: START, pinned: true },
          };
          for (const [n, s] of steps.entries()) {
            const fromScratch = apply(anew(kept), s, n);
            const next = apply(kept, s, n);
            expect(JSON.stringify(next.answer)).toBe(JSON.stringify(fromScratch.answer));
            expect(JSON.stringify(next.state)).toBe(JSON.stringify(fromScratch.state));
            kept = next.state;
            expectFigures(kept);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
