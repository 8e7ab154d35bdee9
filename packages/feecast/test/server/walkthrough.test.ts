// Issue 24: one subscription through three months on the server's clock, over HTTP, with its
// webhooks delivered to a receiver on 127.0.0.1 and each signature checked. January: a
// pay-in-advance request, then cpu usage past the 100.00 usage threshold (a progressive
// invoice), credited by January's invoice; 1 February: the wallet's monthly top-up; February:
// a request paid by the wallet, usage below the threshold (already billed); 1 March: the
// pending subscription on `lite` (a downgrade) replaces it; March: `ending_at` set by
// PUT /subscriptions, the termination on 20 March.
//
// Customer `acme` in UTC, grace period 0, no taxes. `basic`: 100.00 a month in arrears, cpu
// seconds at 0.50 in arrears, requests at 2.00 paid in advance, a usage threshold of 100.00.
// `lite`: 80.00 a month, the same charges, no threshold. The wallet: 1 credit = 1.00 USD, an
// interval rule granting 10 credits each month from 1 January.
import type {
  ActivityLog,
  Invoice,
  Plan,
  RecurringTransactionRule,
  Subscription,
  Timestamp,
  UsageThreshold,
  Wallet,
} from '@feecast/models';
import { afterEach, describe, expect, it } from 'vitest';
import { asDecimalString } from '../../src/server/state/brands';
import type { ServerState } from '../../src/server/state/state';
import { verifyWebhookSignature } from '../../src/server/webhooks/signature';
import { BASIC, CUSTOMER, clockState, SUBSCRIPTION } from './billing/clock-state';
import { example, serverPerTest, type TestServer } from './builders';
import { type Receiver, startReceiver } from './webhooks/receiver';

type Charge = NonNullable<Plan['charges']>[number];
const SECRET = new TextEncoder().encode('a webhook secret of at least 32 bytes, for tests');
const base = clockState();
const cpu = (BASIC.charges ?? [])[0] as Charge;
const requestsMetric = base.billable_metrics.find((m) => m.code === 'requests');

/** `charges` of a plan: cpu, and requests paid in advance; ids numbered from `n`. */
function charges(n: number): Charge[] {
  const id = (k: number) => `d0000000-0000-4000-8000-00000000000${k}` as Charge['svc_id'];
  return [
    { ...cpu, svc_id: id(n) },
    {
      ...cpu,
      svc_id: id(n + 1),
      svc_billable_metric_id: requestsMetric?.svc_id,
      billable_metric_code: 'requests',
      code: 'requests_advance',
      pay_in_advance: true,
      invoiceable: true,
      properties: { amount: asDecimalString('2') },
    } as Charge,
  ];
}

const THRESHOLD: UsageThreshold = {
  svc_id: 'a0000000-0000-4000-8000-000000000001' as UsageThreshold['svc_id'],
  threshold_display_name: 'Threshold 100',
  amount_cents: 10000 as UsageThreshold['amount_cents'],
  recurring: false,
  created_at: '2024-12-01T00:00:00Z' as Timestamp,
  updated_at: '2024-12-01T00:00:00Z' as Timestamp,
};
const basic: Plan = { ...BASIC, charges: charges(1), usage_thresholds: [THRESHOLD] };
const lite: Plan = {
  ...BASIC,
  svc_id: 'b0000000-0000-4000-8000-000000000003' as Plan['svc_id'],
  code: 'lite',
  name: 'Lite',
  amount_cents: 8000 as Plan['amount_cents'],
  charges: charges(3),
};
const NEXT: Subscription = {
  ...SUBSCRIPTION,
  svc_id: 'c0000000-0000-4000-8000-000000000002' as Subscription['svc_id'],
  plan_code: 'lite',
  plan_amount_cents: 8000 as Subscription['plan_amount_cents'],
  status: 'pending',
  started_at: null,
  subscription_at: '2025-03-01T00:00:00Z' as Timestamp,
};
const template = example().wallets[0] as Wallet;
const WALLET: Wallet = {
  ...template,
  svc_customer_id: CUSTOMER.svc_id,
  external_customer_id: 'acme',
  status: 'active',
  rate_amount: '1.0' as Wallet['rate_amount'],
  currency: 'USD' as Wallet['currency'],
  credits_balance: '0.0' as Wallet['credits_balance'],
  balance_cents: 0 as Wallet['balance_cents'],
  credits_ongoing_balance: '0.0' as Wallet['credits_ongoing_balance'],
  ongoing_balance_cents: 0 as Wallet['ongoing_balance_cents'],
  created_at: '2025-01-01T00:00:00Z' as Timestamp,
  expiration_at: null,
  paid_top_up_min_amount_cents: null,
  paid_top_up_max_amount_cents: null,
  recurring_transaction_rules: [
    {
      ...(template.recurring_transaction_rules ?? [])[0],
      trigger: 'interval',
      interval: 'monthly',
      method: 'fixed',
      paid_credits: '0.0',
      granted_credits: '10.0',
      started_at: '2025-01-01T00:00:00Z',
      expiration_at: null,
      status: 'active',
    } as RecurringTransactionRule,
  ],
};
const STATE: ServerState = {
  ...base,
  plans: [basic, lite],
  subscriptions: [SUBSCRIPTION, NEXT],
  wallets: [WALLET],
};

const start = serverPerTest();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** POST /events of `sub_acme`; the answer must be a 200. */
async function event(t: TestServer, id: string, code: string, properties = {}): Promise<void> {
  const answer = await t.call('POST', '/api/v1/events', {
    event: { transaction_id: id, code, external_subscription_id: 'sub_acme', properties },
  });
  expect(answer.status).toBe(200);
}

/** The clock moved by a month: the activity logs the move made, by type. */
async function month(t: TestServer): Promise<string[]> {
  const answer = await t.call('POST', '/__feecast/clock', { advance: 'P1M' });
  expect(answer.status).toBe(200);
  const body = answer.body as { activity_logs: ActivityLog[]; problems: unknown[] };
  expect(body.problems).toEqual([]);
  return body.activity_logs.map((log) => log.activity_type);
}

/** Every invoice issued so far (the `invoice.created` logs' objects), oldest first. */
async function invoices(t: TestServer): Promise<Invoice[]> {
  const answer = await t.call(
    'GET',
    '/api/v1/activity_logs?activity_types[]=invoice.created&per_page=100',
  );
  const logs = (answer.body as { activity_logs: ActivityLog[] }).activity_logs;
  // Newest first: reversed into the order of issue.
  return logs.map((log) => log.activity_object as unknown as Invoice).reverse();
}

const figures = (invoice: Invoice) => [
  invoice.invoice_type,
  invoice.billing_periods[0]?.invoicing_reason,
  invoice.fees_amount_cents,
  invoice.progressive_billing_credit_amount_cents,
  invoice.taxes_amount_cents,
  invoice.prepaid_credit_amount_cents,
  invoice.total_amount_cents,
];

describe('three months of one subscription', () => {
  it('bills, credits, tops up, changes plan and terminates, with every webhook delivered and signed', async () => {
    const hooks = await startReceiver();
    receivers.push(hooks);
    const t = await start({
      state: STATE,
      now: '2025-01-10T00:00:00Z',
      webhooks: { urls: [hooks.url], secret: SECRET },
    });
    // January 10. A request: its 2.00 fee, invoiced at once (the wallet is empty).
    await event(t, 'r1', 'requests');
    // 150 s × 0.50 = 75.00 < 100.00: nothing. 250 s × 0.50 = 125.00 ≥ 100.00: the threshold
    // is reached and January's cpu so far, 125.00, invoiced progressively.
    await event(t, 'c1', 'cpu', { cpu_seconds: '150' });
    await event(t, 'c2', 'cpu', { cpu_seconds: '100' });
    // To February 10. 1 February: January's invoice (drafted and finalized at once, grace 0),
    // then the wallet's top-up of 10 granted credits.
    expect(await month(t)).toEqual([
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet.updated',
    ]);

    // February 10. A request: 2.00, paid by the wallet (10.00 → 8.00). 40 s = 20.00 of cpu:
    // the 100.00 threshold was billed (lifetime usage billed: 125.00 ≥ 100.00, no recurring
    // threshold), so no progressive invoice.
    await event(t, 'r2', 'requests');
    await event(t, 'c3', 'cpu', { cpu_seconds: '40' });
    // To March 10. 1 March: `lite` starts under the same external id (a plan change): the
    // `basic` subscription's termination invoice (paid 8.00 by the wallet: its consumption
    // and the granted transaction's update), its termination, the start (`lite` bills nothing
    // in advance), then the top-up.
    expect(await month(t)).toEqual([
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet_transaction.updated',
      'wallet.updated',
      'subscription.terminated',
      'subscription.started',
      'wallet_transaction.created',
      'wallet.updated',
    ]);

    // March 10: the end set for 20 March, 12:00; 300 s = 150.00 of cpu on `lite`.
    const ending = await t.call('PUT', '/api/v1/subscriptions/sub_acme', {
      subscription: { ending_at: '2025-03-20T12:00:00Z' },
    });
    expect(ending.status).toBe(200);
    await event(t, 'c4', 'cpu', { cpu_seconds: '300' });
    // To April 10. 20 March: the termination invoice (paid 10.00 by the wallet), the
    // termination; 1 April: the wallet's top-up (the wallet outlives the subscription).
    expect(await month(t)).toEqual([
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet_transaction.updated',
      'wallet.updated',
      'subscription.terminated',
      'wallet_transaction.created',
      'wallet.updated',
    ]);

    // [type, reason, fees, progressive credit, taxes, prepaid credits, total], in cents:
    expect((await invoices(t)).map(figures)).toEqual([
      // 10 January, 1 request × 2.00.
      ['subscription', 'in_advance_charge', 200, 0, 0, 0, 200],
      // 10 January, cpu 250 s × 0.50 = 125.00.
      ['progressive_billing', 'progressive_billing', 12500, 0, 0, 0, 12500],
      // 1 February: 100.00 + cpu 125.00 = 225.00, less the 125.00 billed progressively.
      ['subscription', 'subscription_periodic', 22500, 12500, 0, 0, 10000],
      // 10 February, 1 request × 2.00, paid by the wallet's 10.00: 0 due.
      ['subscription', 'in_advance_charge', 200, 0, 0, 200, 0],
      // 1 March, `basic` ends: February 100.00 + cpu 40 s × 0.50 = 20.00 = 120.00, less the
      // wallet's remaining 8.00 = 112.00.
      ['subscription', 'subscription_terminating', 12000, 0, 0, 800, 11200],
      // 20 March, `lite` ends: 1 to 20 March, 20 days of 31: 80.00 × 20 / 31 = 51.6129 →
      // 51.61; cpu 300 s × 0.50 = 150.00; 201.61 less the 1 March top-up's 10.00 = 191.61.
      ['subscription', 'subscription_terminating', 20161, 0, 0, 1000, 19161],
    ]);
    const [, progressiveInvoice] = await invoices(t);
    expect(
      progressiveInvoice?.applied_usage_thresholds?.map((a) => [
        a.usage_threshold.amount_cents,
        a.lifetime_usage_amount_cents,
      ]),
    ).toEqual([[10000, 12500]]);

    // Every webhook, in the order of its activity, each signed with the endpoint's key.
    const expected = [
      'fee.created',
      'invoice.created',
      'subscription.usage_threshold_reached',
      'invoice.created',
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet.updated',
      'fee.created',
      'invoice.created',
      'wallet_transaction.created',
      'wallet_transaction.updated',
      'wallet.updated',
      // 10 February, cpu 40 s = 20.00 in arrears against the wallet's 8.00: 8.00 - 20.00 < 0.
      'wallet.depleted_ongoing_balance',
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet_transaction.updated',
      'wallet.updated',
      'subscription.terminated',
      'subscription.started',
      'wallet_transaction.created',
      'wallet.updated',
      'subscription.updated',
      // 10 March, cpu 300 s = 150.00 on `lite` against the 1 March top-up's 10.00.
      'wallet.depleted_ongoing_balance',
      'invoice.drafted',
      'invoice.created',
      'wallet_transaction.created',
      'wallet_transaction.updated',
      'wallet.updated',
      'subscription.terminated',
      'wallet_transaction.created',
      'wallet.updated',
    ];
    await hooks.waitFor(expected.length);
    const bodies = hooks.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.webhook_type)).toEqual(expected);
    const threshold = bodies[2]?.subscription as { usage_threshold?: UsageThreshold };
    expect(threshold.usage_threshold?.amount_cents).toBe(10000);
    const log = (await t.call('GET', '/__feecast/webhooks')).body as {
      webhook_endpoints: { webhook_url: string; signing_key: string }[];
    };
    const key = log.webhook_endpoints.find((e) => e.webhook_url === hooks.url)?.signing_key;
    expect(key).toBeDefined();
    for (const request of hooks.received) {
      expect(request.status).toBe(200);
      expect(verifyWebhookSignature(request.body, request.headers['x-svc-signature'], key)).toBe(
        true,
      );
    }
  });
});
