// Subscriptions as the clock moves (issue 24 §2): pending ones start at `subscription_at`
// (with the invoice of what they bill in advance), ones with `ending_at` terminate then, with
// their termination invoice; a pending subscription under the `external_id` of an active one
// (a plan change) ends that one first.
import type { ActivityLog, Subscription, Timestamp } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations } from '../../../src/server/routes/operations';
import type { ServerState } from '../../../src/server/state/state';
import { clockState, SUBSCRIPTION } from './clock-state';

const START = '2025-01-15T00:00:00.000Z' as Timestamp;

function moveTo(state: ServerState, now: string) {
  const position = state.clock?.now ?? START;
  const answer = clockRequest(
    state.clock === undefined ? { ...state, clock: { now: START, pinned: true } } : state,
    { method: 'POST', body: JSON.stringify({ now }) },
    position,
    true,
    defaultOperations,
  );
  expect(answer.response.status).toBe(200);
  const logs = (answer.response.body as { activity_logs: ActivityLog[] }).activity_logs;
  return { state: answer.state, logs: logs.map((log) => [log.logged_at, log.activity_type]) };
}

const PENDING: Subscription = {
  ...SUBSCRIPTION,
  svc_id: 'c0000000-0000-4000-8000-000000000002' as Subscription['svc_id'],
  external_id: 'sub_new',
  plan_code: 'advance',
  plan_amount_cents: 3100 as Subscription['plan_amount_cents'],
  status: 'pending',
  started_at: null,
  subscription_at: '2025-02-10T00:00:00Z' as Timestamp,
};

describe('pending subscriptions start at subscription_at', () => {
  it('starts on 10 February and bills the rest of February in advance: 31.00 × 19/28 = 21.04', () => {
    const moved = moveTo(clockState([PENDING]), '2025-02-10T00:00:00Z');
    expect(moved.logs).toEqual([
      ['2025-02-10T00:00:00.000Z', 'subscription.started'],
      ['2025-02-10T00:00:00.000Z', 'invoice.drafted'],
      ['2025-02-10T00:00:00.000Z', 'invoice.created'],
    ]);
    const started = moved.state.subscriptions[0] as Subscription;
    expect([started.status, started.started_at]).toEqual(['active', '2025-02-10T00:00:00.000Z']);
    // 10 to 28 February: 19 days of 28; 31.00 × 19 / 28 = 21.0357... → 21.04.
    expect(moved.state.invoices.map((i) => i.total_amount_cents)).toEqual([2104]);
    // Then March, in advance, whole: 31.00.
    const march = moveTo(moved.state, '2025-03-01T00:00:00Z');
    expect(march.state.invoices.map((i) => i.total_amount_cents)).toEqual([2104, 3100]);
  });
});

describe('subscriptions end at ending_at', () => {
  it('bills January, February, then 10 days of March at the termination: 100.00 × 10/31 = 32.26', () => {
    const ending = { ...SUBSCRIPTION, ending_at: '2025-03-10T12:00:00Z' as Timestamp };
    const moved = moveTo(clockState([ending]), '2025-03-31T00:00:00Z');
    expect(moved.logs).toEqual([
      ['2025-02-01T00:00:00.000Z', 'invoice.drafted'],
      ['2025-02-01T00:00:00.000Z', 'invoice.created'],
      ['2025-03-01T00:00:00.000Z', 'invoice.drafted'],
      ['2025-03-01T00:00:00.000Z', 'invoice.created'],
      ['2025-03-10T12:00:00.000Z', 'invoice.drafted'],
      ['2025-03-10T12:00:00.000Z', 'invoice.created'],
      ['2025-03-10T12:00:00.000Z', 'subscription.terminated'],
    ]);
    // 1 to 10 March (the termination's day counted whole): 10 days of 31;
    // 100.00 × 10 / 31 = 32.258... → 32.26.
    expect(moved.state.invoices.map((i) => i.total_amount_cents)).toEqual([10000, 10000, 3226]);
    expect(moved.state.invoices.at(2)?.billing_periods[0]?.invoicing_reason).toBe(
      'subscription_terminating',
    );
    const ended = moved.state.subscriptions[0] as Subscription;
    expect([ended.status, ended.terminated_at]).toEqual(['terminated', '2025-03-10T12:00:00.000Z']);
    // Nothing is due after a termination.
    expect(moveTo(moved.state, '2025-06-01T00:00:00Z').logs).toEqual([]);
  });

  it('with on_termination_invoice skip, terminates without an invoice', () => {
    const ending = {
      ...SUBSCRIPTION,
      ending_at: '2025-01-20T00:00:00Z' as Timestamp,
      on_termination_invoice: 'skip' as const,
    };
    const moved = moveTo(clockState([ending]), '2025-02-01T00:00:00Z');
    expect(moved.logs).toEqual([['2025-01-20T00:00:00.000Z', 'subscription.terminated']]);
    expect(moved.state.invoices).toEqual([]);
  });
});

describe('a plan change: the pending subscription under the same external_id', () => {
  it('ends the old subscription with its termination invoice, then starts the new one', () => {
    const next = {
      ...PENDING,
      external_id: 'sub_acme',
      subscription_at: '2025-02-01T00:00:00Z' as Timestamp,
    };
    const moved = moveTo(clockState([SUBSCRIPTION, next]), '2025-02-01T00:00:00Z');
    expect(moved.logs.map(([, type]) => type)).toEqual([
      'invoice.drafted',
      'invoice.created',
      'subscription.terminated',
      'subscription.started',
      'invoice.drafted',
      'invoice.created',
    ]);
    // The old plan's January in arrears: 100.00; the new plan's February in advance: 31.00.
    expect(moved.state.invoices.map((i) => i.total_amount_cents)).toEqual([10000, 3100]);
    expect(moved.state.subscriptions.map((s) => [s.plan_code, s.status])).toEqual([
      ['basic', 'terminated'],
      ['advance', 'active'],
    ]);
  });
});
