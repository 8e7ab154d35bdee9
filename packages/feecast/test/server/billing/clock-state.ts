// A small state for the clock's tests: one customer `acme` in UTC (grace period 0, no taxes,
// net payment term 0), the plan `basic` (100.00 USD a month, calendar, in arrears, cpu seconds
// at 0.50 USD each) and the plan `advance` (31.00 USD a month, paid in advance), the
// subscription `sub_acme` on `basic` since 2025-01-01. Built from the example state's objects.
import type {
  BillableMetric,
  Customer,
  Plan,
  Subscription,
  Timestamp,
  UsageEventRecord,
} from '@feecast/models';
import { asDecimalString, asInteger } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { example } from '../builders';

const base = example();

function first<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('the example state lacks an object');
  return item;
}

const cpu = base.billable_metrics.find((m) => m.code === 'cpu') as BillableMetric;

export const CUSTOMER: Customer = {
  ...first(base.customers),
  external_id: 'acme',
  applicable_timezone: 'UTC',
  timezone: 'UTC',
  net_payment_term: asInteger(0),
  taxes: [],
  integration_customers: [],
  billing_configuration: {
    ...first(base.customers).billing_configuration,
    invoice_grace_period: asInteger(0),
  },
};

const templatePlan = first(base.plans);
const templateCharge = first(templatePlan.charges ?? []);

/** 100.00 USD a month in arrears, cpu seconds at 0.50 USD. */
export const BASIC: Plan = {
  ...templatePlan,
  svc_id: 'b0000000-0000-4000-8000-000000000001' as Plan['svc_id'],
  code: 'basic',
  name: 'Basic',
  amount_cents: 10000 as Plan['amount_cents'],
  pay_in_advance: false,
  trial_period: 0 as Plan['trial_period'],
  minimum_commitment: null,
  taxes: [],
  usage_thresholds: [],
  fixed_charges: [],
  charges: [
    {
      ...templateCharge,
      svc_billable_metric_id: cpu.svc_id,
      billable_metric_code: 'cpu',
      charge_model: 'standard',
      code: 'cpu_charge',
      min_amount_cents: 0 as typeof templateCharge.min_amount_cents,
      properties: { amount: asDecimalString('0.5') },
      taxes: [],
      filters: [],
    },
  ],
};

/** 31.00 USD a month, paid in advance, no charges. */
export const ADVANCE: Plan = {
  ...BASIC,
  svc_id: 'b0000000-0000-4000-8000-000000000002' as Plan['svc_id'],
  code: 'advance',
  name: 'Advance',
  amount_cents: 3100 as Plan['amount_cents'],
  pay_in_advance: true,
  charges: [],
};

export const SUBSCRIPTION: Subscription = {
  ...first(base.subscriptions),
  svc_id: 'c0000000-0000-4000-8000-000000000001' as Subscription['svc_id'],
  external_id: 'sub_acme',
  svc_customer_id: CUSTOMER.svc_id,
  external_customer_id: 'acme',
  billing_time: 'calendar',
  plan_code: 'basic',
  plan_amount_cents: 10000 as Subscription['plan_amount_cents'],
  status: 'active',
  created_at: '2025-01-01T00:00:00Z' as Timestamp,
  started_at: '2025-01-01T00:00:00Z' as Timestamp,
  subscription_at: '2025-01-01T00:00:00Z' as Timestamp,
  ending_at: null,
  trial_ended_at: null,
  applied_invoice_custom_sections: [],
};

/** The state: `acme`, both plans, `sub_acme` (and `subscriptions` when given), no events. */
export function clockState(subscriptions: readonly Subscription[] = [SUBSCRIPTION]): ServerState {
  return {
    ...base,
    taxes: [],
    customers: [CUSTOMER],
    plans: [BASIC, ADVANCE],
    plan_overrides: [],
    subscriptions,
    coupons: [],
    applied_coupons: [],
    wallets: [],
    wallet_transactions: [],
    invoices: [],
    credit_notes: [],
    payment_receipts: [],
    activity_logs: [],
    events: [],
  };
}

/** A stored cpu event of `sub_acme`. */
export function cpuEvent(id: string, timestamp: string, seconds: number): UsageEventRecord {
  const template = [...base.events][0] as UsageEventRecord;
  return {
    ...template,
    svc_id: `e0000000-0000-4000-8000-${id.padStart(12, '0')}` as UsageEventRecord['svc_id'],
    transaction_id: `tx_${id}`,
    code: 'cpu',
    external_subscription_id: 'sub_acme',
    external_customer_id: 'acme',
    svc_subscription_id: SUBSCRIPTION.svc_id,
    svc_customer_id: CUSTOMER.svc_id,
    properties: { cpu_seconds: String(seconds) },
    timestamp: timestamp as UsageEventRecord['timestamp'],
    created_at: timestamp as UsageEventRecord['created_at'],
  };
}
