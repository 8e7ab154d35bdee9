// Usage thresholds (issue 24, invoicing.md §3): an event whose usage passes a threshold of the
// subscription's plan issues a progressive-billing invoice of the period's usage so far, and the
// period-end invoice credits what progressive billing billed. The plan is `basic` of
// clock-state.ts: 100.00 USD a month in arrears, cpu seconds at 0.50 USD, no taxes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityLog, Invoice, Plan, UsageThreshold } from '@feecast/models';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations } from '../../../src/server/routes/operations';
import { reduce } from '../../../src/server/routes/reducer';
import { asTimestamp } from '../../../src/server/state/brands';
import { exampleState } from '../../../src/server/state/example-state';
import type { ServerState } from '../../../src/server/state/state';
import { apiRequest, startServer } from '../builders';
import { BASIC, clockState } from './clock-state';

const NOW = asTimestamp('2025-01-20T10:00:00.000Z');

function threshold(id: number, cents: number, recurring: boolean): UsageThreshold {
  return {
    svc_id: `a0000000-0000-4000-8000-00000000000${id}` as UsageThreshold['svc_id'],
    threshold_display_name: `Threshold ${id}`,
    amount_cents: cents as UsageThreshold['amount_cents'],
    recurring,
    created_at: '2024-12-01T00:00:00Z' as UsageThreshold['created_at'],
    updated_at: '2024-12-01T00:00:00Z' as UsageThreshold['updated_at'],
  };
}

/** `basic` with `thresholds`. */
function withThresholds(...thresholds: UsageThreshold[]): ServerState {
  const base = clockState();
  const plan: Plan = { ...BASIC, usage_thresholds: thresholds };
  return { ...base, plans: [plan, ...base.plans.slice(1)], clock: { now: NOW, pinned: true } };
}

/** POST /events of `seconds` cpu seconds of `sub_acme` at NOW; the state and the new logs. */
function post(current: ServerState, transactionId: string, seconds: number) {
  const before = current.activity_logs.length;
  const { state, response } = reduce(
    current,
    {
      method: 'POST',
      path: '/api/v1/events',
      query: '',
      body: JSON.stringify({
        event: {
          transaction_id: transactionId,
          code: 'cpu',
          external_subscription_id: 'sub_acme',
          properties: { cpu_seconds: String(seconds) },
        },
      }),
      origin: 'http://127.0.0.1:1',
    },
    NOW,
    defaultOperations,
  );
  expect(response.status).toBe(200);
  return { state, logs: state.activity_logs.slice(before) as ActivityLog[] };
}

const progressive = (state: ServerState) =>
  state.invoices.filter((i) => i.invoice_type === 'progressive_billing');

/** The figures checked on each invoice. */
const figures = (invoice: Invoice) => ({
  type: invoice.invoice_type,
  status: invoice.status,
  fees: invoice.fees_amount_cents,
  progressive: invoice.progressive_billing_credit_amount_cents,
  total: invoice.total_amount_cents,
});

/** The clock moved to February 1st: January's period-end invoice. */
function endOfJanuary(state: ServerState): ServerState {
  return clockRequest(
    state,
    { method: 'POST', body: '{"now": "2025-02-01T00:00:00Z"}' },
    NOW,
    true,
    defaultOperations,
  ).state;
}

describe('usage thresholds', () => {
  it('a threshold of 100.00 crossed: one progressive invoice of the usage so far, credited at the period end', () => {
    const state = withThresholds(threshold(1, 10000, false));
    // 150 s × 0.50 = 75.00 < 100.00: nothing.
    const first = post(state, 'tx_1', 150);
    expect(first.logs).toEqual([]);
    // 250 s × 0.50 = 125.00 ≥ 100.00: the threshold is reached, and January's usage so far
    // (125.00) is invoiced at once.
    const second = post(first.state, 'tx_2', 100);
    expect(second.logs.map((log) => [log.activity_type, log.activity_source])).toEqual([
      ['subscription.usage_threshold_reached', 'system'],
      ['invoice.created', 'system'],
    ]);
    const [pb] = progressive(second.state);
    expect(pb && figures(pb)).toEqual({
      type: 'progressive_billing',
      status: 'finalized',
      fees: 12500,
      progressive: 0,
      total: 12500,
    });
    expect(pb?.billing_periods.map((p) => [p.invoicing_reason, p.charges_from_datetime])).toEqual([
      ['progressive_billing', '2025-01-01T00:00:00Z'],
    ]);
    expect(
      pb?.applied_usage_thresholds?.map((a) => [
        a.usage_threshold.amount_cents,
        a.lifetime_usage_amount_cents,
      ]),
    ).toEqual([[10000, 12500]]);
    // 350 s × 0.50 = 175.00: the threshold was billed this period (lifetime 125.00 billed ≥
    // 100.00, the largest fixed threshold, no recurring one): no second invoice.
    const third = post(second.state, 'tx_3', 100);
    expect(third.logs).toEqual([]);
    expect(progressive(third.state)).toHaveLength(1);
    // January's invoice: 100.00 + 175.00 of cpu = 275.00 of fees, less the 125.00 billed
    // progressively (pre-tax credit) = 150.00.
    const ended = endOfJanuary(third.state);
    const january = ended.invoices.find((i) => i.invoice_type === 'subscription');
    expect(january && figures(january)).toEqual({
      type: 'subscription',
      status: 'finalized',
      fees: 27500,
      progressive: 12500,
      total: 15000,
    });
    // Everything billed for January: 125.00 + 150.00 = 275.00, the period's fees.
  });

  it('a recurring threshold bills each multiple; a second progressive invoice credits the first', () => {
    const state = withThresholds(threshold(1, 10000, false), threshold(2, 5000, true));
    // 250 s = 125.00: billed 0 < 100.00 (largest fixed): 100.00 passes (0 < 100 ≤ 125); the
    // recurring 50.00 needs 125 − 100 = 25 ≥ 50: no.
    const first = post(state, 'tx_1', 250);
    expect(progressive(first.state).map(figures)).toEqual([
      {
        type: 'progressive_billing',
        status: 'finalized',
        fees: 12500,
        progressive: 0,
        total: 12500,
      },
    ]);
    // 310 s = 155.00: billed 125.00 ≥ 100.00; actual 155 − 125 = 30, 125 mod 50 = 25,
    // 30 + 25 = 55 ≥ 50: the recurring threshold passes. Fees are cumulative (155.00), less the
    // first invoice's 125.00: 30.00.
    const second = post(first.state, 'tx_2', 60);
    expect(second.logs.map((log) => log.activity_type)).toEqual([
      'subscription.usage_threshold_reached',
      'invoice.created',
    ]);
    const both = progressive(second.state);
    expect(both.map(figures)).toEqual([
      {
        type: 'progressive_billing',
        status: 'finalized',
        fees: 12500,
        progressive: 0,
        total: 12500,
      },
      {
        type: 'progressive_billing',
        status: 'finalized',
        fees: 15500,
        progressive: 12500,
        total: 3000,
      },
    ]);
    // Two invoices at the same instant (the clock is pinned): distinct ids.
    expect(new Set(both.map((i) => i.svc_id)).size).toBe(2);
    expect(both[1]?.applied_usage_thresholds?.map((a) => a.usage_threshold.recurring)).toEqual([
      true,
    ]);
    // 320 s = 160.00: actual 160 − 155 = 5, 155 mod 50 = 5, 10 < 50: nothing.
    const third = post(second.state, 'tx_3', 10);
    expect(third.logs).toEqual([]);
    // January: 100.00 + 160.00 = 260.00 of fees, less the latest progressive invoice's 155.00
    // = 105.00. Billed in all: 125.00 + 30.00 + 105.00 = 260.00.
    const january = endOfJanuary(third.state).invoices.find(
      (i) => i.invoice_type === 'subscription',
    );
    expect(january && figures(january)).toEqual({
      type: 'subscription',
      status: 'finalized',
      fees: 26000,
      progressive: 15500,
      total: 10500,
    });
  });

  it('pay-in-advance usage is not lifetime usage: it is invoiced as its events arrive', () => {
    const state = withThresholds(threshold(1, 10000, false));
    type Charge = NonNullable<Plan['charges']>[number];
    const cpu = (BASIC.charges ?? [])[0] as Charge;
    const requests = state.billable_metrics.find((m) => m.code === 'requests');
    const advance = {
      ...cpu,
      svc_id: 'd0000000-0000-4000-8000-000000000001' as Charge['svc_id'],
      svc_billable_metric_id: requests?.svc_id,
      billable_metric_code: 'requests',
      code: 'requests_advance',
      pay_in_advance: true,
      invoiceable: true,
      properties: { amount: '60' },
    } as Charge;
    const plan = state.plans[0] as Plan;
    const withAdvance: ServerState = {
      ...state,
      plans: [{ ...plan, charges: [...(plan.charges ?? []), advance] }, ...state.plans.slice(1)],
    };
    // One request: 60.00 invoiced at once (in advance).
    const request = reduce(
      withAdvance,
      {
        method: 'POST',
        path: '/api/v1/events',
        query: '',
        body: JSON.stringify({
          event: { transaction_id: 'r_1', code: 'requests', external_subscription_id: 'sub_acme' },
        }),
        origin: 'http://127.0.0.1:1',
      },
      NOW,
      defaultOperations,
    ).state;
    expect(request.invoices.map((i) => i.total_amount_cents)).toEqual([6000]);
    // 100 s × 0.50 = 50.00 in arrears: 50.00 < 100.00, nothing (60.00 + 50.00 would pass it).
    expect(progressive(post(request, 'tx_1', 100).state)).toEqual([]);
    // 250 s: 125.00 ≥ 100.00: the progressive invoice bills the cpu only.
    expect(progressive(post(request, 'tx_1', 250).state).map(figures)).toEqual([
      {
        type: 'progressive_billing',
        status: 'finalized',
        fees: 12500,
        progressive: 0,
        total: 12500,
      },
    ]);
  });

  it('a plan without thresholds, or a subscription with progressive billing disabled, issues none', () => {
    expect(progressive(post(clockState(), 'tx_1', 1000).state)).toEqual([]);
    const state = withThresholds(threshold(1, 10000, false));
    const disabled: ServerState = {
      ...state,
      subscriptions: state.subscriptions.map((s) => ({ ...s, progressive_billing_disabled: true })),
    };
    expect(progressive(post(disabled, 'tx_1', 1000).state)).toEqual([]);
  });
});

describe('usage thresholds across a restart', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'feecast-thresholds-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('the progressive invoice is kept: the same threshold is not billed again after a restart', async () => {
    const state = withThresholds(threshold(1, 10000, false));
    const event = (id: string, seconds: number) => ({
      event: {
        transaction_id: id,
        code: 'cpu',
        external_subscription_id: 'sub_acme',
        properties: { cpu_seconds: String(seconds) },
      },
    });
    // The invoices issued, as their activity logs carry them (the API lists no invoices).
    const invoices = async (server: Awaited<ReturnType<typeof startServer>>) => {
      const answer = await server.call(
        'GET',
        '/api/v1/activity_logs?activity_types[]=invoice.created',
      );
      const logs = (answer.body as { activity_logs: ActivityLog[] }).activity_logs;
      return logs
        .map((log) => log.activity_object as unknown as Invoice)
        .filter((i) => i.invoice_type === 'progressive_billing');
    };
    const first = await startServer({ dataDir: dir, state, now: NOW });
    // 250 s = 125.00 ≥ 100.00: one progressive invoice of 125.00.
    expect((await first.call('POST', '/api/v1/events', event('tx_1', 250))).status).toBe(200);
    expect((await invoices(first)).map((i) => i.fees_amount_cents)).toEqual([12500]);
    await first.close();
    const second = await startServer({ dataDir: dir, now: NOW });
    // 300 s = 150.00: billed 125.00 ≥ 100.00 already: nothing new.
    expect((await second.call('POST', '/api/v1/events', event('tx_2', 50))).status).toBe(200);
    expect((await invoices(second)).map((i) => i.fees_amount_cents)).toEqual([12500]);
    await second.close();
  });
});

describe('an invoice dated after the check', () => {
  it('does not count yet: 300 events pass at most the thresholds their usage reaches', () => {
    // The bundled example, its clock pinned at 2025-03-20T12:00Z, holds a progressive-billing
    // invoice made at 14:02 that day; its plan has thresholds of 100.00 and 50.00 recurring.
    const now = asTimestamp('2025-03-20T12:00:00.000Z');
    let state = exampleState(now);
    const before = state.invoices.length;
    for (let i = 0; i < 300; i++) {
      const { state: next, response } = reduce(
        state,
        apiRequest('POST', '/api/v1/events', {
          event: {
            transaction_id: `later_${i}`,
            code: 'cpu',
            external_subscription_id: 'sub_1234567890',
            properties: { cpu_seconds: '1.5' },
          },
        }),
        now,
      );
      expect(response.status).toBe(200);
      state = next;
    }
    const issued = state.invoices
      .slice(before)
      .filter((invoice) => invoice.invoice_type === 'progressive_billing');
    expect(issued.length).toBeGreaterThan(0);
    // 1.5 cpu seconds cost 0.60 here: 300 events add 180.00 of usage, and the thresholds are
    // 100.00 then every 50.00, so at most 1 + ceil(180 / 50) = 5 of them can be passed.
    // Counting the later-dated invoice as the period's latest kept the new ones from counting:
    // every event after the first threshold billed again (112 invoices, 0.60 apart).
    expect(issued.length).toBeLessThanOrEqual(5);
  });
});
