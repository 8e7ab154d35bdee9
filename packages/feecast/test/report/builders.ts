// Shared builders of the report suites: comparison and portal data with figures that are
// easy to check by hand.
import type { BillableMetric } from '@feecast/models';
import { comparePlanPreviews } from '../../src/commands/compare';
import { loadContext } from '../../src/commands/context';
import type { CompareReportData, PlanPreview, PortalPageData } from '../../src/report/index';
import { examplePath } from '../inputs/builders';

/**
 * Two plans in EUR. Starter: subscription 49.00 + API calls 10.00 + storage 2.50 (two
 * filter lines 1.50 + 1.00) = 61.50 EUR total. Growth: subscription 199.00 + API calls 0.00
 * = 199.00 EUR total (no storage charge).
 */
export function compareData(changes: Partial<CompareReportData> = {}): CompareReportData {
  return {
    title: 'Acme: Starter or Growth?',
    customer: { name: 'Acme SAS', external_id: 'acme' },
    period: { from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' },
    generated_at: '2026-11-30T12:00:00Z',
    plans: [
      {
        code: 'starter',
        name: 'Starter',
        currency: 'EUR',
        total_amount_cents: 6150,
        charges: [
          { code: 'subscription', name: 'Subscription fee', amount_cents: 4900 },
          { code: 'api_calls', name: 'API calls', amount_cents: 1000 },
          { code: 'storage_gb', name: 'Storage', amount_cents: 150 },
          { code: 'storage_gb', name: 'Storage', amount_cents: 100 },
        ],
      },
      {
        code: 'growth',
        name: 'Growth',
        currency: 'EUR',
        total_amount_cents: 19900,
        charges: [
          { code: 'subscription', name: 'Subscription fee', amount_cents: 19900 },
          { code: 'api_calls', name: 'API calls', amount_cents: 0 },
        ],
      },
    ],
    curves: [
      {
        code: 'api_calls',
        name: 'API calls',
        actual_units: '5000',
        curves: [
          {
            plan_code: 'starter',
            points: [
              { units: '0', amount: '0' },
              { units: '5000', amount: '10' },
              { units: '10000', amount: '20' },
            ],
          },
          {
            plan_code: 'growth',
            points: [
              { units: '0', amount: '0' },
              { units: '5000', amount: '0' },
              { units: '10000', amount: '5' },
            ],
          },
        ],
      },
    ],
    ...changes,
  };
}

/** A customer's projected usage: API calls 12.34 EUR now, 24.68 EUR projected; one invoice. */
export function portalData(changes: Partial<PortalPageData> = {}): PortalPageData {
  return {
    customer: { name: 'Acme SAS', external_id: 'acme' },
    currency: 'EUR',
    period: { from: '2026-11-01T00:00:00Z', to: '2026-11-30T23:59:59Z' },
    generated_at: '2026-11-15T00:00:00Z',
    amount_cents: 1234,
    taxes_amount_cents: 247,
    total_amount_cents: 1481,
    projected_amount_cents: 2468,
    charges: [
      {
        code: 'api_calls',
        name: 'API calls',
        units: '6170',
        amount_cents: 1234,
        projected_units: '12340',
        projected_amount_cents: 2468,
      },
    ],
    invoices: [
      {
        number: 'ACME-001-001',
        issuing_date: '2026-11-01',
        status: 'finalized',
        payment_status: 'succeeded',
        total_amount_cents: 5880,
        currency: 'EUR',
      },
    ],
    ...changes,
  };
}

/** The `feecast compare` context of the bundled examples: Starter (the subscription's) and Growth. */
async function exampleContext() {
  const options = {
    plan: [examplePath('plan-starter.json'), examplePath('plan-growth.json')],
    billableMetrics: [examplePath('billable_metrics.json')],
    subscription: [examplePath('subscription.json')],
    customer: [examplePath('customer.json')],
    taxes: [examplePath('taxes.json')],
    coupons: [],
    appliedCoupons: [],
    wallets: [],
    addOns: [],
    events: examplePath('events.ndjson'),
    eventsFormat: undefined,
    subscriptionId: undefined,
    now: '2026-11-30T23:59:59Z',
  };
  const context = await loadContext(options, () => new Date(0), undefined);
  if (context._tag === 'Left') throw new Error(context.left.message);
  return context.right;
}

/**
 * The bundled examples priced on Starter and Growth for November 2026 (what `feecast compare`
 * prints, examples/cli/README.md): each plan with its invoice preview, and the metrics.
 */
export async function examplePreviews(): Promise<{
  readonly previews: PlanPreview[];
  readonly billableMetrics: readonly BillableMetric[];
}> {
  const context = await exampleContext();
  const compared = comparePlanPreviews(context);
  if (compared._tag === 'Left') throw new Error(compared.left.message);
  return { previews: compared.right.previews, billableMetrics: context.inputs.billableMetrics };
}
