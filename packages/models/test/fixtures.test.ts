import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  ActivityLogResponse,
  ActivityLogsResponse,
  AddOnResponse,
  ApiError,
  AppliedCouponResponse,
  AppliedCouponsResponse,
  BillableMetricResponse,
  BillableMetricsResponse,
  BillingEntitiesResponse,
  ChargeResponse,
  CouponResponse,
  CreateAddOnRequest,
  CreateWalletTransactionRequest,
  CreditNoteResponse,
  Customer,
  CustomerProjectedUsageResponse,
  CustomerResponse,
  decode,
  EntitlementResponse,
  EstimateFeesRequest,
  EstimateFeesResponse,
  FeeResponse,
  FinalizeInvoiceRequest,
  FixedChargeResponse,
  InvoiceResponse,
  MinimumCommitment,
  PaginationMeta,
  PaymentReceiptsResponse,
  PlanResponse,
  PlansResponse,
  PortalUrlResponse,
  RecurringTransactionRule,
  SubscriptionResponse,
  SubscriptionsResponse,
  Tax,
  UpdateBillableMetricRequest,
  UpdateSubscriptionRequest,
  UpdateWalletRequest,
  UsageThreshold,
  WalletResponse,
  WalletTransactionResponse,
  WalletTransactionsResponse,
  WebhookEndpointResponse,
} from '../src/index';
import { type Fixture, fixturesIn, readFixtureText } from './support/fixtures';

/**
 * The codec of every fixture, by the first two parts of its file name
 * (`response.wallet.terminated.json` -> `response.wallet`). A file missing here fails.
 */
const codecs: Record<string, t.Decoder<unknown, unknown>> = {
  'error.bad_request': ApiError,
  'error.forbidden': ApiError,
  'error.method_not_allowed': ApiError,
  'error.not_found': ApiError,
  'error.unauthorized': ApiError,
  'error.unprocessable_entity': ApiError,
  'fragment.customer': Customer,
  'fragment.meta': PaginationMeta,
  'fragment.minimum_commitment': MinimumCommitment,
  'fragment.recurring_transaction_rule': RecurringTransactionRule,
  'fragment.tax': Tax,
  'fragment.usage_threshold': UsageThreshold,
  'request.create_add_on': CreateAddOnRequest,
  'request.create_wallet_transaction': CreateWalletTransactionRequest,
  'request.estimate_fees': EstimateFeesRequest,
  'request.finalize_invoice': FinalizeInvoiceRequest,
  'request.update_billable_metric': UpdateBillableMetricRequest,
  'request.update_subscription': UpdateSubscriptionRequest,
  'request.update_wallet': UpdateWalletRequest,
  'response.activity_log': ActivityLogResponse,
  'response.activity_logs': ActivityLogsResponse,
  'response.add_on': AddOnResponse,
  'response.applied_coupon': AppliedCouponResponse,
  'response.applied_coupons': AppliedCouponsResponse,
  'response.billable_metric': BillableMetricResponse,
  'response.billable_metrics': BillableMetricsResponse,
  'response.billing_entities': BillingEntitiesResponse,
  'response.charge': ChargeResponse,
  'response.coupon': CouponResponse,
  'response.credit_note': CreditNoteResponse,
  'response.customer': CustomerResponse,
  'response.customer_projected_usage': CustomerProjectedUsageResponse,
  'response.entitlement': EntitlementResponse,
  'response.estimate_fees': EstimateFeesResponse,
  'response.fee': FeeResponse,
  'response.fixed_charge': FixedChargeResponse,
  'response.invoice': InvoiceResponse,
  'response.payment_receipts': PaymentReceiptsResponse,
  'response.plan': PlanResponse,
  'response.plans': PlansResponse,
  'response.portal_url': PortalUrlResponse,
  'response.subscription': SubscriptionResponse,
  'response.subscriptions': SubscriptionsResponse,
  'response.wallet': WalletResponse,
  'response.wallet_transaction': WalletTransactionResponse,
  'response.wallet_transactions': WalletTransactionsResponse,
  'response.webhook_endpoint': WebhookEndpointResponse,
};

function codecFor(fixture: Fixture): t.Decoder<unknown, unknown> {
  const base = fixture.file.split('/').pop() ?? fixture.file;
  const key = base.split('.').slice(0, 2).join('.');
  const codec = codecs[key];
  if (codec === undefined) throw new Error(`no codec for ${fixture.file} (key "${key}")`);
  return codec;
}

const good = [...fixturesIn(''), ...fixturesIn('wire')];

describe('every good payload decodes with its codec', () => {
  it('finds the payloads (58 seed-conformant, 34 wire-realistic)', () => {
    expect(fixturesIn('')).toHaveLength(58);
    expect(fixturesIn('wire')).toHaveLength(34);
  });

  it.each(good.map((fixture) => [fixture.file, fixture] as const))('%s', (_file, fixture) => {
    const codec = codecFor(fixture);
    const result = decode(codec, fixture.json);
    if (result._tag === 'Left') throw new Error(result.left.message);
    // Decoding returns the payload itself, so encoding gives back exactly what was sent.
    expect(result.right).toBe(fixture.json);
    expect(codec.name).toBeTruthy();
  });
});

/** `bad/README.md`: file -> the paths of its defect (`$.meta` is written `meta` by decode). */
function expectedBadPaths(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFixtureText('bad/README.md').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = /^`([^`]+\.json)`$/.exec(cells[1] ?? '')?.[1];
    const where = cells[3];
    if (file === undefined || where === undefined) continue;
    const paths = [...where.matchAll(/`([^`]+)`/g)].map(([, path]) =>
      (path ?? '').replace(/^\$\./, ''),
    );
    rows.set(file, paths);
  }
  return rows;
}

describe('every malformed payload is rejected at the path its README names', () => {
  const bad = fixturesIn('bad');
  const named = expectedBadPaths();

  it('has a README row for each of the 17 bad payloads', () => {
    expect(bad).toHaveLength(17);
    expect([...named.keys()].sort()).toEqual(bad.map((fixture) => fixture.file.slice(4)));
  });

  it.each(bad.map((fixture) => [fixture.file, fixture] as const))('%s', (file, fixture) => {
    const result = decode(codecFor(fixture), fixture.json);
    if (result._tag === 'Right') throw new Error(`${file} decoded`);
    const reported = result.left.problems.map((problem) => problem.path);
    const paths = named.get(file.slice(4)) ?? [];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(reported).toContain(path);
    // Only the one defect is reported (negative_page also has next_page: 0, named in its README).
    expect(reported.every((path) => paths.includes(path) || path === 'meta.next_page')).toBe(true);
  });
});
