// The reference's own published JavaScript client (lago-javascript-client, MIT) against the
// built `feecast serve` on the bundled example state and the real clock (no --now): every
// operation the server has, called through the client's method for it, answers 200 with the
// figures worked out below (issue 18: before, 3 of them answered 405 once the example
// subscription had ended); every answer it receives conforms to the served OpenAPI document
// (issue 23).
import { Client, type getLagoError } from 'lago-javascript-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformance, type Received } from './openapi-conformance';
import { type Served, startServe } from './serve';

const KEY = 'lago-client-test-key';
const CUSTOMER = 'hooli_1234';
const SUBSCRIPTION = 'sub_1234567890';
const WALLET = '66a81770-c736-48e0-9785-c276e2366448';
const DRAFT_INVOICE = '2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b';
const CREDIT_NOTE = '05805d2a-9ebf-4c41-93ec-b70778317962';
const WEBHOOK_ENDPOINT = 'af668e56-47e6-4b60-a398-d8160ce92db4';
const APPLIED_COUPON = '53b8dbe3-1f96-4b2e-bbca-e185bc6a5ac0'; // spring_10

type LagoClient = ReturnType<typeof Client>;
type LagoError = Awaited<ReturnType<typeof getLagoError>>;

let served: Served;
let lago: LagoClient;
/** Every answer the client received, checked against the OpenAPI document at the end. */
const received: Received[] = [];

/** `fetch` that keeps a copy of each JSON answer in {@link received}. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  received.push({
    method: method.toUpperCase(),
    path: url.pathname.replace(/^\/api\/v1/, ''),
    status: response.status,
    body: (await response.clone().json()) as unknown,
  });
  return response;
};
/** The active subscription's `ending_at`, as listed (the client's update wants one). */
let endingAt: string | null = null;

/** The `svc_id` of a resource: feecast's wire names ids `svc_*` where the reference says `lago_*`. */
function svcId(resource: unknown): unknown {
  return (resource as { svc_id?: unknown }).svc_id;
}

beforeAll(async () => {
  served = await startServe(['packages/feecast/bin/feecast.js', 'serve', '--port', '0'], {
    FEECAST_API_KEYS: KEY,
  });
  lago = Client(KEY, { baseUrl: served.base, customFetch: recordingFetch });
}, 30_000);

afterAll(async () => {
  expect(await served.stop()).toBe(0);
});

/** The data of a call that must succeed; a refused call fails with its status and body. */
async function data<T>(call: Promise<{ status: number; data: T }>): Promise<T> {
  try {
    const response = await call;
    expect(response.status).toBe(200);
    return response.data;
  } catch (error) {
    const refused = error as { status?: number; error?: LagoError };
    throw new Error(`answered ${refused.status}: ${JSON.stringify(refused.error)}`);
  }
}

describe('lago-javascript-client against feecast serve, on the real clock', () => {
  it('billingEntities.listBillingEntities', async () => {
    const body = await data(lago.billingEntities.listBillingEntities());
    expect(body.billing_entities.map((e) => e.code).sort()).toEqual(['acme_corp', 'acme_eu']);
  });

  it('plans.findAllPlans', async () => {
    const body = await data(lago.plans.findAllPlans());
    expect(body.plans.map((p) => p.code).sort()).toEqual(['premium', 'startup']);
  });

  it('billableMetrics.findAllBillableMetrics', async () => {
    const body = await data(lago.billableMetrics.findAllBillableMetrics());
    expect(body.billable_metrics).toHaveLength(7);
  });

  it('subscriptions.findAllSubscriptions: the active subscription has started and has not ended', async () => {
    const body = await data(
      lago.subscriptions.findAllSubscriptions({ external_customer_id: CUSTOMER }),
    );
    const active = body.subscriptions.find((s) => s.status === 'active');
    const now = Date.now();
    expect(Date.parse(active?.started_at ?? '')).toBeLessThanOrEqual(now);
    expect(Date.parse(active?.ending_at ?? '')).toBeGreaterThan(now);
    endingAt = active?.ending_at ?? null;
  });

  it('events.eventEstimateFees: a new seat in Europe is 10.00 USD + 20 % VAT = 12.00', async () => {
    const body = await data(
      lago.events.eventEstimateFees({
        event: {
          code: 'seats',
          external_subscription_id: SUBSCRIPTION,
          properties: { seat_id: 'client_seat', region: 'Europe' },
        },
      }),
    );
    const [fee] = body.fees;
    expect([fee?.amount_cents, fee?.taxes_amount_cents, fee?.total_amount_cents]).toEqual([
      1000, 200, 1200,
    ]);
  });

  it('events.createEvent, then customers.findCustomerCurrentUsage: 12 cpu seconds now cost 15.80', async () => {
    const created = await data(
      lago.events.createEvent({
        event: {
          transaction_id: 'tx_client_cpu',
          code: 'cpu',
          external_subscription_id: SUBSCRIPTION,
          properties: { cpu_seconds: '12' },
        },
      }),
    );
    expect(created.event.transaction_id).toBe('tx_client_cpu');
    const usage = await data(
      lago.customers.findCustomerCurrentUsage(CUSTOMER, { external_subscription_id: SUBSCRIPTION }),
    );
    // cpu: graduated, 0-10 at 0.50 + 10.00 flat, then 0.40: 10 × 0.5 + 10 + 2 × 0.4 = 15.80.
    const cpu = usage.customer_usage.charges_usage.find((c) => c.billable_metric.code === 'cpu');
    expect([cpu?.units, cpu?.amount_cents]).toEqual(['12', 1580]);
  });

  it('customers.findCustomerProjectedUsage', async () => {
    const body = await data(
      lago.customers.findCustomerProjectedUsage(CUSTOMER, {
        external_subscription_id: SUBSCRIPTION,
      }),
    );
    const cpu = body.customer_projected_usage.charges_usage.find(
      (c) => c.billable_metric.code === 'cpu',
    );
    expect(cpu?.amount_cents).toBe(1580);
  });

  it('customers.getCustomerPortalUrl: a link to the customer page', async () => {
    const body = await data(lago.customers.getCustomerPortalUrl(CUSTOMER));
    const page = await fetch(body.customer.portal_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Gavin Belson');
  });

  it('appliedCoupons.findAllAppliedCoupons', async () => {
    const body = await data(lago.appliedCoupons.findAllAppliedCoupons());
    expect(body.applied_coupons.map((c) => c.coupon_code).sort()).toEqual([
      'spring_10',
      'startup_deal',
    ]);
  });

  it('customers.deleteAppliedCoupon', async () => {
    const body = await data(lago.customers.deleteAppliedCoupon(CUSTOMER, APPLIED_COUPON));
    expect([body.applied_coupon.coupon_code, body.applied_coupon.status]).toEqual([
      'spring_10',
      'terminated',
    ]);
  });

  it('coupons.destroyCoupon', async () => {
    const body = await data(lago.coupons.destroyCoupon('spring_10'));
    expect(body.coupon.code).toBe('spring_10');
  });

  it('addOns.createAddOn', async () => {
    const body = await data(
      lago.addOns.createAddOn({
        add_on: { name: 'Setup', code: 'client_setup', amount_cents: 5000, amount_currency: 'USD' },
      }),
    );
    expect([body.add_on.code, body.add_on.amount_cents]).toEqual(['client_setup', 5000]);
  });

  it('billableMetrics.updateBillableMetric', async () => {
    const body = await data(
      lago.billableMetrics.updateBillableMetric('requests', {
        billable_metric: { name: 'API requests' },
      }),
    );
    expect(body.billable_metric.name).toBe('API requests');
  });

  it('subscriptions.updateSubscription', async () => {
    const body = await data(
      lago.subscriptions.updateSubscription(SUBSCRIPTION, {
        subscription: { name: 'Renamed by the client', ending_at: endingAt },
      }),
    );
    expect([body.subscription.name, body.subscription.ending_at]).toEqual([
      'Renamed by the client',
      endingAt,
    ]);
  });

  it('wallets.updateWallet', async () => {
    const body = await data(
      lago.wallets.updateWallet(WALLET, { wallet: { name: 'Client wallet' } }),
    );
    expect(body.wallet.name).toBe('Client wallet');
  });

  it('walletTransactions.createWalletTransaction: 10 granted credits', async () => {
    const body = await data(
      lago.walletTransactions.createWalletTransaction({
        wallet_transaction: { wallet_id: WALLET, granted_credits: '10' },
      }),
    );
    const granted = body.wallet_transactions.find((t) => t.transaction_status === 'granted');
    expect([granted?.credit_amount, granted?.status]).toEqual(['10.0', 'settled']);
  });

  it('invoices.finalizeInvoice', async () => {
    const body = await data(lago.invoices.finalizeInvoice(DRAFT_INVOICE));
    expect(body.invoice.status).toBe('finalized');
  });

  it('creditNotes.findCreditNote', async () => {
    const body = await data(lago.creditNotes.findCreditNote(CREDIT_NOTE));
    expect(svcId(body.credit_note)).toBe(CREDIT_NOTE);
  });

  it('activityLogs.findAllActivityLogs and activityLogs.findActivityLog', async () => {
    const list = await data(lago.activityLogs.findAllActivityLogs());
    const first = list.activity_logs[0];
    expect(first).toBeDefined();
    const one = await data(lago.activityLogs.findActivityLog(first?.activity_id ?? ''));
    expect(one.activity_log.activity_id).toBe(first?.activity_id);
  });

  it('paymentReceipts.findAllPaymentReceipts', async () => {
    const body = await data(lago.paymentReceipts.findAllPaymentReceipts());
    expect(body.payment_receipts).toHaveLength(2);
  });

  it('webhookEndpoints.findWebhookEndpoint', async () => {
    const body = await data(lago.webhookEndpoints.findWebhookEndpoint(WEBHOOK_ENDPOINT));
    expect(svcId(body.webhook_endpoint)).toBe(WEBHOOK_ENDPOINT);
  });

  it('every answer above conforms to the OpenAPI document the server serves', async () => {
    const document = (await (await fetch(`${served.base}/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const check = conformance(document);
    expect(received.length).toBeGreaterThanOrEqual(21);
    expect(received.flatMap(check)).toEqual([]);
  });
});
