// Pay-in-advance charges as events arrive (issue 24 §2): POST /events for a metric that a
// pay-in-advance charge prices creates the engine's estimated fee of that event (fee.created)
// and, for an invoiceable charge, an invoice finalized at once (invoice.created).
import type { ActivityLog, BillableMetric, Fee, Invoice, Plan } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations, type Operations } from '../../../src/server/routes/operations';
import { reduce } from '../../../src/server/routes/reducer';
import { asDecimalString, asTimestamp } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { BASIC, clockState } from './clock-state';

const NOW = asTimestamp('2025-01-20T10:00:00.000Z');

const base = clockState();
const requests = base.billable_metrics.find((m) => m.code === 'requests') as BillableMetric;
const apiCalls = base.billable_metrics.find((m) => m.code === 'api_calls') as BillableMetric;
type Charge = NonNullable<Plan['charges']>[number];
const cpuCharge = (BASIC.charges ?? [])[0] as Charge;

/** `basic` plus requests at 2.00 each (pay in advance, invoiceable) and api calls at 0.10 (pay in advance, not invoiceable). */
const plan: Plan = {
  ...BASIC,
  charges: [
    ...(BASIC.charges ?? []),
    {
      ...cpuCharge,
      svc_id: 'd0000000-0000-4000-8000-000000000001' as typeof cpuCharge.svc_id,
      svc_billable_metric_id: requests.svc_id,
      billable_metric_code: 'requests',
      code: 'requests_advance',
      pay_in_advance: true,
      invoiceable: true,
      properties: { amount: asDecimalString('2') },
    } as Charge,
    {
      ...cpuCharge,
      svc_id: 'd0000000-0000-4000-8000-000000000002' as typeof cpuCharge.svc_id,
      svc_billable_metric_id: apiCalls.svc_id,
      billable_metric_code: 'api_calls',
      code: 'api_calls_advance',
      pay_in_advance: true,
      invoiceable: false,
      properties: { amount: asDecimalString('0.1') },
    } as Charge,
  ],
};

const state: ServerState = { ...base, plans: [plan, ...base.plans.slice(1)] };

function post(
  current: ServerState,
  transactionId: string,
  code: string,
  operations: Operations = defaultOperations,
) {
  const before = current.activity_logs.length;
  const { state: next, response } = reduce(
    current,
    {
      method: 'POST',
      path: '/api/v1/events',
      query: '',
      body: JSON.stringify({
        event: { transaction_id: transactionId, code, external_subscription_id: 'sub_acme' },
      }),
      origin: 'http://127.0.0.1:1',
    },
    NOW,
    operations,
  );
  expect(response.status).toBe(200);
  return { state: next, logs: next.activity_logs.slice(before) as ActivityLog[] };
}

describe('pay-in-advance charges', () => {
  it('an invoiceable charge: the fee of the event (1 request × 2.00) and its invoice, finalized', () => {
    const first = post(state, 'tx_1', 'requests');
    expect(first.logs.map((log) => [log.activity_type, log.activity_source])).toEqual([
      ['fee.created', 'system'],
      ['invoice.created', 'system'],
    ]);
    const fee = first.logs[0]?.activity_object as unknown as Fee;
    expect([fee.amount_cents, fee.units, fee.event_transaction_id]).toEqual([200, '1', 'tx_1']);
    const invoice = first.state.invoices.at(0) as Invoice;
    expect(invoice.svc_id).toBe(fee.svc_invoice_id);
    expect([invoice.status, invoice.fees_amount_cents, invoice.total_amount_cents]).toEqual([
      'finalized',
      200,
      200,
    ]);
    expect(invoice.billing_periods[0]?.invoicing_reason).toBe('in_advance_charge');
    // A second request: one more unit, 2.00 again, on a second invoice.
    const second = post(first.state, 'tx_2', 'requests');
    expect(second.state.invoices.map((i) => i.total_amount_cents)).toEqual([200, 200]);
  });

  it('a charge that is not invoiceable: the fee only (1 call × 0.10), no invoice', () => {
    const posted = post(state, 'tx_1', 'api_calls');
    expect(posted.logs.map((log) => log.activity_type)).toEqual(['fee.created']);
    const fee = posted.logs[0]?.activity_object as unknown as Fee;
    expect([fee.amount_cents, fee.invoiceable, fee.svc_invoice_id]).toEqual([10, false, null]);
    expect(posted.state.invoices).toEqual([]);
  });

  it('an event no pay-in-advance charge prices creates nothing but the event', () => {
    const posted = post(state, 'tx_1', 'cpu');
    expect(posted.logs).toEqual([]);
    expect(posted.state.invoices).toEqual([]);
  });

  it("the period's invoice leaves the pay-in-advance fees out: January is 100.00", () => {
    const posted = post(state, 'tx_1', 'requests');
    const moved = clockRequest(
      { ...posted.state, clock: { now: NOW, pinned: true } },
      { method: 'POST', body: '{"now": "2025-02-01T00:00:00Z"}' },
      NOW,
      true,
      defaultOperations,
    );
    // The request's 2.00 was invoiced when it arrived; the period bills the subscription fee
    // 100.00 and cpu 0 × 0.50.
    expect(
      moved.state.invoices.map((i) => [
        i.billing_periods[0]?.invoicing_reason,
        i.total_amount_cents,
      ]),
    ).toEqual([
      ['in_advance_charge', 200],
      ['subscription_periodic', 10000],
    ]);
  });

  it("a fee's invoice reads none of the stored events: its cost does not grow with them", () => {
    // Every invoice preview the server asks for while the events arrive, by how many events
    // it was given. The fee's invoice needs the run's dates and parties, not its usage.
    const previewed: number[] = [];
    const counting: Operations = {
      ...defaultOperations,
      previewInvoice: (input) => {
        // (-1: an iterable other than an array, which counting would consume.)
        previewed.push(Array.isArray(input.events) ? input.events.length : -1);
        return defaultOperations.previewInvoice(input);
      },
    };
    let current = state;
    for (let i = 1; i <= 5; i++) current = post(current, `tx_${i}`, 'requests', counting).state;
    // Five requests, five invoices of 2.00 each (1 unit × 2.00 per event), none reading events.
    expect(current.invoices.map((i) => i.total_amount_cents)).toEqual([200, 200, 200, 200, 200]);
    expect(previewed).toEqual([0, 0, 0, 0, 0]);
  });
});
