// The server's clock (issue 24 §1-§2): moves forward only, runs what became due in time
// order, answers the activity logs it produced; period ends issue the engine's invoice of the
// period, drafted then finalized through the finalize route's settlement.
import { previewInvoice } from '@feecast/engine';
import type { ActivityLog, Invoice, Timestamp } from '@feecast/models';
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { runDue } from '../../../src/server/billing/run-due';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations } from '../../../src/server/routes/operations';
import { asInteger, asTimestamp } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { BASIC, CUSTOMER, clockState, cpuEvent, SUBSCRIPTION } from './clock-state';

const START = asTimestamp('2025-01-15T00:00:00.000Z');

function pinnedAt(state: ServerState, now: Timestamp): ServerState {
  return { ...state, clock: { now, pinned: true } };
}

/** POSTs `body` to the clock at the state's position. */
function move(state: ServerState, body: unknown) {
  const position = state.clock?.now ?? START;
  return clockRequest(
    state,
    { method: 'POST', body: JSON.stringify(body) },
    position,
    true,
    defaultOperations,
  );
}

interface MoveBody {
  readonly clock: { readonly now: string; readonly previous: string };
  readonly activity_logs: readonly ActivityLog[];
  readonly problems: readonly unknown[];
}

function types(body: unknown): string[] {
  return (body as MoveBody).activity_logs.map((log) => log.activity_type);
}

function figures(invoice: Invoice) {
  return {
    status: invoice.status,
    fees: invoice.fees_amount_cents,
    coupons: invoice.coupons_amount_cents,
    taxes: invoice.taxes_amount_cents,
    prepaid: invoice.prepaid_credit_amount_cents,
    total: invoice.total_amount_cents,
  };
}

describe('the clock endpoint', () => {
  it('moves by a duration and answers where it stands; a move backwards is a 422 that says what to do', () => {
    const state = pinnedAt(clockState([]), START);
    const moved = move(state, { advance: 'P1M' });
    expect(moved.response.status).toBe(200);
    expect((moved.response.body as MoveBody).clock).toEqual({
      now: '2025-02-15T00:00:00.000Z',
      pinned: true,
      previous: START,
    });
    const back = move(moved.state, { now: '2025-02-14T00:00:00Z' });
    expect(back.response.status).toBe(422);
    expect(back.response.body).toMatchObject({
      code: 'clock_cannot_move_backwards',
      error_details: { now: ['before_clock'], clock_now: '2025-02-15T00:00:00.000Z' },
    });
    expect(back.state).toBe(moved.state);
  });

  it('refuses a body with both or neither of now and advance, and a duration it cannot read', () => {
    const state = pinnedAt(clockState([]), START);
    expect(move(state, {}).response.status).toBe(422);
    expect(move(state, { now: '2025-02-01T00:00:00Z', advance: 'P1D' }).response.status).toBe(422);
    expect(move(state, { advance: '1 month' }).response.body).toMatchObject({
      error_details: { advance: [expect.stringContaining('value_is_invalid')] },
    });
    expect(move(state, { advance: 'P1DT12H' }).response.body).toMatchObject({
      clock: { now: '2025-01-16T12:00:00.000Z' },
    });
  });
});

describe('period ends (invoicing.md §1)', () => {
  // January: 100.00 (the month in arrears, started 2025-01-01) + 20 cpu seconds × 0.50 = 10.00:
  // 110.00 USD, no taxes, no credits.
  const january = pinnedAt(
    { ...clockState(), events: [cpuEvent('1', '2025-01-20T10:00:00Z', 20)] },
    START,
  );

  it('drafts then finalizes January at 2025-02-01T00:00Z: 100.00 + 20 × 0.50 = 110.00', () => {
    const moved = move(january, { now: '2025-02-10T00:00:00Z' });
    expect(moved.response.status).toBe(200);
    expect(types(moved.response.body)).toEqual(['invoice.drafted', 'invoice.created']);
    const logs = (moved.response.body as MoveBody).activity_logs;
    expect(logs.every((log) => log.activity_source === 'system')).toBe(true);
    expect(logs.map((log) => log.logged_at)).toEqual([
      '2025-02-01T00:00:00.000Z',
      '2025-02-01T00:00:00.000Z',
    ]);
    expect(moved.state.invoices).toHaveLength(1);
    const invoice = moved.state.invoices.at(0) as Invoice;
    expect(figures(invoice)).toEqual({
      status: 'finalized',
      fees: 11000,
      coupons: 0,
      taxes: 0,
      prepaid: 0,
      total: 11000,
    });
    expect(invoice.created_at).toBe('2025-02-01T00:00:00Z');
    expect(invoice.issuing_date).toBe('2025-02-01');
  });

  it("is previewInvoice's invoice of the period", () => {
    const moved = move(january, { advance: 'P1M' });
    const invoice = moved.state.invoices.at(0) as Invoice;
    const preview = previewInvoice({
      customer: CUSTOMER,
      subscriptions: [{ subscription: SUBSCRIPTION, plan: BASIC }],
      billableMetrics: january.billable_metrics,
      events: [...january.events].map((event) => ({
        ...event,
        external_subscription_id: 'sub_acme',
      })),
      now: '2025-01-31T23:59:59Z',
    });
    expect(isRight(preview)).toBe(true);
    if (!isRight(preview)) return;
    const expected = preview.right.invoice;
    expect(figures(invoice)).toEqual(figures(expected));
    expect(invoice.fees.map((fee) => [fee.item.code, fee.amount_cents, fee.units])).toEqual(
      expected.fees.map((fee) => [fee.item.code, fee.amount_cents, fee.units]),
    );
    expect(invoice.billing_periods).toEqual(expected.billing_periods);
  });

  it('moving to the same instant twice does nothing the second time', () => {
    const once = move(january, { now: '2025-02-01T00:00:00Z' });
    expect(types(once.response.body)).toEqual(['invoice.drafted', 'invoice.created']);
    const twice = move(once.state, { now: '2025-02-01T00:00:00Z' });
    expect(types(twice.response.body)).toEqual([]);
    expect(twice.state.invoices).toBe(once.state.invoices);
    expect(twice.state.activity_logs).toBe(once.state.activity_logs);
  });

  it('runs each period end in time order over three months; one move or several give the same invoices', () => {
    // January 110.00 (above), February 100.00, March 100.00.
    const whole = move(january, { now: '2025-04-01T00:00:00Z' });
    const steps = [
      '2025-01-31T00:00:00Z',
      '2025-02-01T00:00:00Z',
      '2025-02-20T00:00:00Z',
      '2025-04-01T00:00:00Z',
    ].reduce((state, now) => move(state, { now }).state, january);
    const totals = (state: ServerState) =>
      state.invoices.map((i) => [i.created_at, i.status, i.total_amount_cents]);
    expect(totals(whole.state)).toEqual([
      ['2025-02-01T00:00:00Z', 'finalized', 11000],
      ['2025-03-01T00:00:00Z', 'finalized', 10000],
      ['2025-04-01T00:00:00Z', 'finalized', 10000],
    ]);
    expect(totals(steps)).toEqual(totals(whole.state));
  });

  it('keeps a draft through the grace period, then finalizes it', () => {
    const graced = pinnedAt(
      {
        ...january,
        customers: [
          {
            ...CUSTOMER,
            billing_configuration: {
              ...CUSTOMER.billing_configuration,
              invoice_grace_period: asInteger(3),
            },
          },
        ],
      },
      START,
    );
    const drafted = move(graced, { now: '2025-02-03T23:59:59Z' });
    expect(types(drafted.response.body)).toEqual(['invoice.drafted']);
    expect(drafted.state.invoices.map((i) => i.status)).toEqual(['draft']);
    const finalized = move(drafted.state, { now: '2025-02-04T00:00:00Z' });
    expect(types(finalized.response.body)).toEqual(['invoice.created']);
    expect(figures(finalized.state.invoices.at(0) as Invoice).total).toBe(11000);
    expect((finalized.state.invoices.at(0) as Invoice).issuing_date).toBe('2025-02-04');
  });

  it('a state without a clock starts it where asked: nothing before runs', () => {
    const moved = runDue(
      clockState(),
      asTimestamp('2025-06-01T00:00:00.000Z'),
      true,
      defaultOperations,
    );
    expect(moved.state.invoices).toEqual([]);
    expect(moved.state.clock).toEqual({ now: '2025-06-01T00:00:00.000Z', pinned: true });
  });
});
