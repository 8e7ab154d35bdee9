// A small state for the clock's tests: one customer `acme` in UTC (grace period 0, no taxes,
// net payment term 0), the plan `basic` (100.00 USD a month, calendar, in arrears, cpu seconds
// at 0.50 USD each) and the plan `advance` (31.00 USD a month, paid in advance), the
// subscription `sub_acme` on `basic` since 2025-01-01, and wallets of `acme`. Built from the
// example state's objects.
import type {
  ActivityLog,
  BillableMetric,
  Customer,
  Plan,
  RecurringTransactionRule,
  Subscription,
  Timestamp,
  UsageEventRecord,
  Wallet,
} from '@feecast/models';
import { expect } from 'vitest';
import { clockRequest } from '../../../src/server/routes/clock';
import { defaultOperations } from '../../../src/server/routes/operations';
import { reduce } from '../../../src/server/routes/reducer';
import { asDecimalString, asInteger } from '../../../src/server/state/brands';
import type { ServerState } from '../../../src/server/state/state';
import { apiRequest, example } from '../builders';

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

const templateWallet = first(base.wallets);
const templateRule = first(templateWallet.recurring_transaction_rules ?? []);

/**
 * An active wallet of `acme` (1 credit = 1.00 USD) holding `credits` (a whole number), no usage
 * counted yet, created 2025-01-01, no expiration; with one rule made of `rule` when given (10
 * granted credits, fixed, from 2025-01-01, over the example's rule).
 */
export function acmeWallet(
  credits: number,
  rule?: Partial<RecurringTransactionRule>,
  changes: Partial<Wallet> = {},
): Wallet {
  const decimal = `${credits}.0` as Wallet['credits_balance'];
  const cents = (credits * 100) as Wallet['balance_cents'];
  return {
    ...templateWallet,
    svc_customer_id: CUSTOMER.svc_id,
    external_customer_id: 'acme',
    status: 'active',
    rate_amount: '1.0' as Wallet['rate_amount'],
    currency: 'USD' as Wallet['currency'],
    credits_balance: decimal,
    balance_cents: cents,
    consumed_credits: '0.0' as Wallet['consumed_credits'],
    credits_ongoing_balance: decimal,
    ongoing_balance_cents: cents,
    credits_ongoing_usage_balance: '0.0' as Wallet['credits_ongoing_usage_balance'],
    ongoing_usage_balance_cents: 0 as Wallet['ongoing_usage_balance_cents'],
    created_at: '2025-01-01T00:00:00Z' as Timestamp,
    expiration_at: null,
    terminated_at: null,
    applies_to: { fee_types: [], billable_metric_codes: [] },
    paid_top_up_min_amount_cents: null,
    paid_top_up_max_amount_cents: null,
    recurring_transaction_rules:
      rule === undefined
        ? []
        : [
            {
              ...templateRule,
              method: 'fixed',
              paid_credits: '0.0',
              granted_credits: '10.0',
              started_at: '2025-01-01T00:00:00Z',
              expiration_at: null,
              status: 'active',
              ...rule,
            } as RecurringTransactionRule,
          ],
    ...changes,
  };
}

/**
 * `state` with the clock moved to `now` by `POST /__feecast/clock` (from `start` when the state
 * has no clock), and the activity logs the move answered.
 */
export function moveClock(
  state: ServerState,
  now: string,
  start: Timestamp,
): { readonly state: ServerState; readonly logs: readonly ActivityLog[] } {
  const answer = clockRequest(
    state.clock === undefined ? { ...state, clock: { now: start, pinned: true } } : state,
    { method: 'POST', body: JSON.stringify({ now }) },
    state.clock?.now ?? start,
    true,
    defaultOperations,
  );
  expect(answer.response.status).toBe(200);
  const logs = (answer.response.body as { activity_logs: ActivityLog[] }).activity_logs;
  return { state: answer.state, logs };
}

/**
 * `state` with `wallet` (an empty wallet of `acme` by default) funded with `credits` granted
 * credits at `now` by `POST /wallet_transactions`: a transaction, so that the invoices' wallet
 * settlement can trace what it consumes. The funding's activity logs are left out.
 */
export function withFundedWallet(
  state: ServerState,
  credits: string,
  now: Timestamp,
  wallet: Wallet = acmeWallet(0),
): ServerState {
  const empty = { ...state, wallets: [...state.wallets, wallet] };
  const answer = reduce(
    empty,
    apiRequest('POST', '/api/v1/wallet_transactions', {
      wallet_transaction: { wallet_id: wallet.svc_id, granted_credits: credits },
    }),
    now,
  );
  expect(answer.response.status).toBe(200);
  return { ...answer.state, activity_logs: state.activity_logs };
}
